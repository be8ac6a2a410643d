/** Creates an enabled organization and an API key through the admin API of a running service. */
export async function createOrgWithKey(
  baseUrl: string,
  adminToken: string,
  scopes: string[],
): Promise<{ orgId: string; keyId: string; apiKey: string }> {
  const headers = { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' };
  const org = (await (
    await fetch(`${baseUrl}/admin/v1/orgs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench', partner_api_enabled: true, imports_daily_quota: 100000 }),
    })
  ).json()) as { org_id: string };
  const key = (await (
    await fetch(`${baseUrl}/admin/v1/orgs/${org.org_id}/api-keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench', scopes }),
    })
  ).json()) as { key_id: string; api_key: string };
  return { orgId: org.org_id, keyId: key.key_id, apiKey: key.api_key };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
