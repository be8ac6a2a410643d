import type { INestApplication } from '@nestjs/common';
import { SCOPES } from 'src/common/auth/scopes';
import type { Settings } from 'src/config/settings';
import { AdminService } from './admin.service';
import { OrganizationsService } from 'src/organizations/organizations.service';

/**
 * Outside production, a database with no organization gets a demo one with an all-scopes key, printed
 * once to the terminal (not to the log stream) so `npm start` is usable at once.
 */
export async function seedDemoOrganization(app: INestApplication, settings: Settings): Promise<void> {
  if ((await app.get(OrganizationsService).count()) > 0) return;
  const admin = app.get(AdminService);
  const org = await admin.createOrganization({ name: 'Demo organization', partner_api_enabled: true });
  const key = await admin.createApiKey(org.org_id, { name: 'demo (all scopes)', scopes: [...SCOPES] });
  process.stdout.write(
    [
      '',
      `Demo organization ${org.org_id} created with an all-scopes API key (shown only now):`,
      `  ${key.api_key}`,
      `Try it:  curl -H "Authorization: Bearer ${key.api_key}" ${settings.PUBLIC_BASE_URL}/api/v1/ping`,
      `Docs:    ${settings.PUBLIC_BASE_URL}/docs`,
      '',
    ].join('\n') + '\n',
  );
}
