import { SCOPES } from 'src/common/auth/scopes';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

describe('authentication (spec: Authentication)', () => {
  let t: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('answers ping with the org, key name and scopes for a valid key', async () => {
    const res = await api(t, org.apiKey).get('/api/v1/ping').expect(200);
    expect(res.body).toEqual({ org_id: org.orgId, key_name: 'all scopes', scopes: [...SCOPES] });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage after Bearer', 'Bearer not-a-key'],
    ['an empty bearer', 'Bearer '],
    ['a well-formed but unknown key', 'Bearer edfk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses %s with 401 UNAUTHORIZED', async (_, header) => {
    const test = api(t).get('/api/v1/ping');
    if (header) test.set('Authorization', header);
    const res = await test.expect(401);
    expect(res.body).toEqual({ error: expect.stringContaining('API key'), code: 'UNAUTHORIZED' });
  });

  it('refuses a revoked key at once', async () => {
    const key = await createKey(t.app, org.orgId, ['templates:read']);
    await api(t, key).get('/api/v1/ping').expect(200);
    const list = await api(t, ADMIN).get(`/admin/v1/orgs/${org.orgId}/api-keys`).expect(200);
    const keyId = (list.body.api_keys as { key_id: string; name: string }[]).find((k) =>
      k.name.includes('templates:read'),
    )!.key_id;
    await api(t, ADMIN).delete(`/admin/v1/api-keys/${keyId}`).expect(200);
    const res = await api(t, key).get('/api/v1/ping').expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 PARTNER_API_NOT_ENABLED for an organization not in the beta, and 200 once enabled', async () => {
    const disabled = await createOrg(t.app, { enabled: false });
    const res = await api(t, disabled.apiKey).get('/api/v1/ping').expect(403);
    expect(res.body).toEqual({ error: expect.any(String), code: 'PARTNER_API_NOT_ENABLED' });
    await api(t, ADMIN).patch(`/admin/v1/orgs/${disabled.orgId}`).send({ partner_api_enabled: true }).expect(200);
    await api(t, disabled.apiKey).get('/api/v1/ping').expect(200);
  });

  it('answers 403 SCOPE_REQUIRED naming the scope on every route that needs one, for a key without it', async () => {
    const doc = (await api(t).get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-required-scopes'?: string[] }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-required-scopes']?.length)
        .map(([method, op]) => ({ path, method, scopes: op['x-required-scopes']! })),
    );
    // Every scope of the spec guards at least one route.
    expect(new Set(routes.flatMap((r) => r.scopes))).toEqual(new Set(SCOPES));
    for (const route of routes) {
      for (const scope of route.scopes) {
        const key = await createKey(
          t.app,
          org.orgId,
          SCOPES.filter((s) => s !== scope),
        );
        const path = route.path.replace(/\{[^}]+\}/g, 'x_0000000000000000000000');
        const call = api(t, key)[route.method as 'get' | 'post' | 'delete' | 'patch'](path);
        const res = await call.send({});
        expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 403,
          body: { error: expect.stringContaining(scope), code: 'SCOPE_REQUIRED', required_scope: scope },
        });
      }
    }
  });
});
