import type { INestApplication } from '@nestjs/common';
import { AdminService } from 'src/admin/admin.service';
import { SCOPES, type Scope } from 'src/common/auth/scopes';

export interface TestOrg {
  orgId: string;
  /** A key with every scope. */
  apiKey: string;
  keyId: string;
}

let counter = 0;

/** A fresh organization (enabled unless told otherwise) with an all-scopes key. */
export async function createOrg(app: INestApplication, options: { enabled?: boolean } = {}): Promise<TestOrg> {
  const admin = app.get(AdminService);
  const org = await admin.createOrganization({
    name: `Test org ${++counter}`,
    partner_api_enabled: options.enabled ?? true,
  });
  const key = await admin.createApiKey(org.org_id, { name: 'all scopes', scopes: [...SCOPES] });
  return { orgId: org.org_id, apiKey: key.api_key, keyId: key.key_id };
}

export async function createKey(app: INestApplication, orgId: string, scopes: Scope[]): Promise<string> {
  const key = await app.get(AdminService).createApiKey(orgId, { name: `key ${scopes.join(' ')}`, scopes });
  return key.api_key;
}
