import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SCOPES } from 'src/common/auth/scopes';
import type { Settings } from 'src/config/settings';
import { AdminService } from './admin.service';
import { OrganizationsService } from 'src/organizations/organizations.service';

/** Advisory lock key of the demo seed (any 64-bit number no other code uses: "edform:demo-seed"). */
const DEMO_SEED_LOCK = '7212903455120431617';

/**
 * Outside production, a database with no organization gets a demo one with an all-scopes key, printed
 * once to the terminal (not to the log stream) so `npm start` is usable at once. Processes starting together on
 * an empty database take turns under a PostgreSQL advisory lock: the first creates it, the others see it. When
 * organizations exist, keys cannot be shown again (only their hashes are stored): it prints the command that makes one.
 */
export async function seedDemoOrganization(app: INestApplication, settings: Settings): Promise<void> {
  const runner = app.get(DataSource).createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [DEMO_SEED_LOCK]);
    try {
      await seedUnlocked(app, settings);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DEMO_SEED_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

async function seedUnlocked(app: INestApplication, settings: Settings): Promise<void> {
  const organizations = app.get(OrganizationsService);
  if ((await organizations.count()) > 0) {
    const [newest] = await organizations.list();
    process.stdout.write(
      [
        '',
        'API keys are shown only when made. To make one for an organization (list them: npm run admin -- orgs:list):',
        `  npm run admin -- keys:create --org ${newest.id} --name "local" --scopes ${SCOPES.join(',')}`,
        `Docs:    ${settings.PUBLIC_BASE_URL}/docs`,
        '',
      ].join('\n') + '\n',
    );
    return;
  }
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
