import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

describe('admin API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['missing', undefined],
    ['wrong', 'test-admin-token-0123456780'],
    ['a prefix of the right one', 'test-admin-token'],
  ])('refuses a %s admin token with 401', async (_, token) => {
    const res = await api(t, token).get('/admin/v1/orgs').expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('does not accept an API key as the admin token', async () => {
    const org = await api(t, ADMIN).post('/admin/v1/orgs').send({ name: 'Key holder', partner_api_enabled: true });
    const key = await api(t, ADMIN)
      .post(`/admin/v1/orgs/${org.body.org_id}/api-keys`)
      .send({ name: 'k', scopes: ['imports:write'] });
    await api(t, key.body.api_key).get('/admin/v1/orgs').expect(401);
  });

  it('creates, updates and lists organizations with the default quota', async () => {
    const created = await api(t, ADMIN)
      .post('/admin/v1/orgs')
      .send({ name: 'Northwind', partner_api_enabled: false })
      .expect(201);
    expect(created.body).toEqual({
      org_id: expect.stringMatching(/^org_[0-9A-Za-z]{20,}$/),
      name: 'Northwind',
      partner_api_enabled: false,
      imports_daily_quota: 200,
      editor_frame_ancestors: [],
      fill_frame_ancestors: [],
      display_name: null,
      brand_color: null,
      logo_url: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const patched = await api(t, ADMIN)
      .patch(`/admin/v1/orgs/${created.body.org_id}`)
      .send({ imports_daily_quota: 5, partner_api_enabled: true })
      .expect(200);
    expect(patched.body).toMatchObject({ imports_daily_quota: 5, partner_api_enabled: true, name: 'Northwind' });
    const list = await api(t, ADMIN).get('/admin/v1/orgs').expect(200);
    expect(list.body.orgs.map((o: { org_id: string }) => o.org_id)).toContain(created.body.org_id);
  });

  it('shows an API key exactly once: in the create response, never in a list', async () => {
    const org = await api(t, ADMIN)
      .post('/admin/v1/orgs')
      .send({ name: 'Once', partner_api_enabled: true })
      .expect(201);
    const created = await api(t, ADMIN)
      .post(`/admin/v1/orgs/${org.body.org_id}/api-keys`)
      .send({ name: 'EHR sync', scopes: ['imports:write', 'templates:read'] })
      .expect(201);
    expect(created.body.api_key).toMatch(/^edfk_live_[0-9A-Za-z]{32}$/);
    expect(created.body).toMatchObject({
      key_id: expect.stringMatching(/^key_/),
      name: 'EHR sync',
      scopes: ['imports:write', 'templates:read'],
    });
    const list = await api(t, ADMIN).get(`/admin/v1/orgs/${org.body.org_id}/api-keys`).expect(200);
    expect(list.text).not.toContain(created.body.api_key);
    expect(list.body.api_keys[0]).not.toHaveProperty('api_key');
    expect(list.body.api_keys[0]).toMatchObject({
      key_id: created.body.key_id,
      display_prefix: created.body.api_key.slice(0, 14),
    });
  });

  it('records last use of a key', async () => {
    const org = await api(t, ADMIN)
      .post('/admin/v1/orgs')
      .send({ name: 'Used', partner_api_enabled: true })
      .expect(201);
    const created = await api(t, ADMIN)
      .post(`/admin/v1/orgs/${org.body.org_id}/api-keys`)
      .send({ name: 'k', scopes: ['imports:write'] });
    await api(t, created.body.api_key).get('/api/v1/ping').expect(200);
    let lastUsed: string | null = null;
    for (let i = 0; i < 20 && !lastUsed; i++) {
      const list = await api(t, ADMIN).get(`/admin/v1/orgs/${org.body.org_id}/api-keys`);
      lastUsed = list.body.api_keys[0].last_used_at;
      if (!lastUsed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(lastUsed).toMatch(/Z$/);
  });

  it('validates admin input: unknown scope, unknown property, missing name', async () => {
    const org = await api(t, ADMIN).post('/admin/v1/orgs').send({ name: 'Strict' }).expect(201);
    const badScope = await api(t, ADMIN)
      .post(`/admin/v1/orgs/${org.body.org_id}/api-keys`)
      .send({ name: 'k', scopes: ['imports:read'] })
      .expect(400);
    expect(badScope.body).toEqual({ error: expect.stringContaining('scopes'), code: 'VALIDATION_FAILED' });
    const typo = await api(t, ADMIN).post('/admin/v1/orgs').send({ name: 'x', partner_api_enabeld: true }).expect(400);
    expect(typo.body.error).toContain('partner_api_enabeld');
    const missing = await api(t, ADMIN).post('/admin/v1/orgs').send({}).expect(400);
    expect(missing.body.error).toContain('name');
  });

  it('answers 404 for unknown organizations and keys', async () => {
    await api(t, ADMIN).patch('/admin/v1/orgs/org_doesnotexist0000000000').send({ name: 'x' }).expect(404);
    await api(t, ADMIN).delete('/admin/v1/api-keys/key_doesnotexist0000000000').expect(404);
    await api(t, ADMIN)
      .post('/admin/v1/orgs/garbage/api-keys')
      .send({ name: 'k', scopes: ['imports:write'] })
      .expect(404);
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('is off: 404 whatever the token', async () => {
    const res = await api(t, ADMIN).get('/admin/v1/orgs').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
