import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

describe('platform: errors, limits, OpenAPI, operations', () => {
  let t: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const res = await api(t, ADMIN)
      .post('/admin/v1/orgs')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining('not valid JSON'), code: 'VALIDATION_FAILED' });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await api(t, org.apiKey).get('/api/v1/nothing-here').expect(404);
    expect(res.body).toEqual({ error: expect.stringContaining('/api/v1/nothing-here'), code: 'NOT_FOUND' });
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE, not a dropped socket', async () => {
    const res = await api(t, ADMIN)
      .post('/admin/v1/orgs')
      .send({ name: 'x'.repeat(2 * 1024 * 1024) })
      .expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('admits a 10 MB PDF in base64 on POST /api/v1/imports, and refuses a far larger body with 413', async () => {
    const pdf = Buffer.alloc(10 * 1024 * 1024, 0x25).toString('base64');
    const fits = await api(t)
      .post('/api/v1/imports')
      .send({ pdf_base64: pdf, filename: 'a.pdf', blank_form_attestation: true });
    expect(fits.status).not.toBe(413);
    const big = Buffer.alloc(12 * 1024 * 1024, 0x25).toString('base64');
    const res = await api(t)
      .post('/api/v1/imports')
      .send({ pdf_base64: big, filename: 'a.pdf', blank_form_attestation: true })
      .expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('echoes a client X-Request-Id and mints one otherwise, on success and on error', async () => {
    const echoed = await api(t, org.apiKey).get('/api/v1/ping').set('X-Request-Id', 'partner-req-42').expect(200);
    expect(echoed.headers['x-request-id']).toBe('partner-req-42');
    const minted = await api(t).get('/api/v1/ping').expect(401);
    expect(minted.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await api(t).get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(unsafe.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('reports health of PostgreSQL and Redis', async () => {
    const res = await api(t).get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('sets security headers (helmet)', async () => {
    const res = await api(t).get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves a valid OpenAPI 3 document with the bearer scheme, and Swagger UI', async () => {
    const doc = (await api(t).get('/openapi.json').expect(200)).body;
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    expect(doc.components.securitySchemes['api-key']).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.paths['/api/v1/ping'].get.security).toEqual([{ 'api-key': [] }]);
    expect(Object.keys(doc.paths['/api/v1/ping'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '429']),
    );
    const ui = await api(t).get('/docs').expect(200);
    expect(ui.text).toContain('swagger');
    const slash = await api(t).get('/docs/').expect(301);
    expect(slash.headers.location).toBe('/docs');
  });

  it('keeps the committed openapi/openapi.json equal to the generated document', async () => {
    const doc = (await api(t).get('/openapi.json').expect(200)).body;
    const committed = JSON.parse(readFileSync(join(__dirname, '../../openapi/openapi.json'), 'utf8'));
    expect(committed).toEqual(doc);
  });

  it('documents the error responses of every route: 401 on every credentialed one', async () => {
    const doc = (await api(t).get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: object; security?: object[] }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/health')) continue; // operations routes: no client errors to document
      for (const op of Object.values(ops)) {
        const statuses = Object.keys(op.responses);
        expect({ path, clientError: statuses.some((s) => s.startsWith('4')) }).toEqual({ path, clientError: true });
        if (op.security?.length)
          expect({ path, statuses }).toEqual({ path, statuses: expect.arrayContaining(['401']) });
      }
    }
  });

  it('keeps keys of one organization from reading through another: a second org key sees its own org', async () => {
    const other = await createOrg(t.app);
    const key = await createKey(t.app, other.orgId, ['templates:read']);
    const res = await api(t, key).get('/api/v1/ping').expect(200);
    expect(res.body.org_id).toBe(other.orgId);
  });
});

describe('rate limit per API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('allows exactly the limit per minute, then 429 RATE_LIMITED with retry_after and Retry-After; other keys unaffected', async () => {
    const org = await createOrg(t.app);
    for (let i = 0; i < 5; i++) await api(t, org.apiKey).get('/api/v1/ping').expect(200);
    const res = await api(t, org.apiKey).get('/api/v1/ping').expect(429);
    expect(res.body).toEqual({
      error: expect.stringContaining('5 requests per minute'),
      code: 'RATE_LIMITED',
      retry_after: expect.any(Number),
    });
    expect(res.body.retry_after).toBeGreaterThan(0);
    expect(res.body.retry_after).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(res.body.retry_after));
    const other = await createKey(t.app, org.orgId, ['imports:write']);
    await api(t, other).get('/api/v1/ping').expect(200);
  });

  it('does not count refused (unauthenticated) requests against a key', async () => {
    const org = await createOrg(t.app);
    for (let i = 0; i < 8; i++)
      await api(t, 'edfk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').get('/api/v1/ping').expect(401);
    await api(t, org.apiKey).get('/api/v1/ping').expect(200);
  });
});

describe('rate limit per client IP on the public fill page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('allows the limit, then 429 with Retry-After; partner routes are not counted against it', async () => {
    // A client address of its own (through the trusted loopback proxy), so other tests' requests do not count.
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 3; i++) await api(t).get('/f/ZZZZZZZZZZ/form').set('X-Forwarded-For', ip).expect(404);
    const res = await api(t).get('/f/ZZZZZZZZZZ/form').set('X-Forwarded-For', ip).expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await api(t).post('/f/ZZZZZZZZZZ/submit').set('X-Forwarded-For', ip).send({}).expect(429);
    await api(t).get('/f/ZZZZZZZZZZ/form').set('X-Forwarded-For', '203.0.113.251').expect(404);
    const org = await createOrg(t.app);
    await api(t, org.apiKey).get('/api/v1/ping').expect(200);
  });
});
