import request from 'supertest';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { smallForm } from 'test/utils/small-form';
import { ADMIN } from 'test/utils/admin-token';

let lastOctet = 0;
/** A client address of its own per test (tests sit behind a trusted loopback proxy), so limits do not mix. */
const newClient = () => `198.51.100.${(++lastOctet % 250) + 1}`;

describe('operability and the edges of the HTTP surface', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let required: Field;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3', AUTH_FAILURES_PER_MINUTE: '3' });
    org = await createOrg(t.app);
    const done = await importPdf(t, org.apiKey, await smallForm());
    templateId = done.template_id!;
    const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body
      .fields as Field[];
    required = fields.find((f) => f.required)!;
  });
  afterAll(() => t.close());

  describe('one path, one route (the public limit cannot be skipped by spelling)', () => {
    it('answers 404 to upper-case and trailing-slash spellings of real routes', async () => {
      const { short_code: code } = await createLink(t, org.apiKey, { template_id: templateId });
      const ip = newClient();
      await api(t).get(`/f/${code}/form`).set('X-Forwarded-For', ip).expect(200);
      for (const path of [`/F/${code}/form`, `/f/${code}/FORM`, `/f/${code}/form/`, '/FILES/submissions/x']) {
        const res = await api(t).get(path).set('X-Forwarded-For', ip).expect(404);
        expect(res.body.code).toBe('NOT_FOUND');
      }
      await api(t, org.apiKey).get('/API/V1/PING').expect(404);
    });

    it('never reaches submit past the limit by upper-casing the path', async () => {
      const { short_code: code } = await createLink(t, org.apiKey, { template_id: templateId });
      const ip = newClient();
      const answers = { answers: { [required.field_id]: 'Rivera' } };
      for (let i = 0; i < 3; i++) await api(t).get(`/f/${code}/form`).set('X-Forwarded-For', ip).expect(200);
      await api(t).post(`/f/${code}/submit`).set('X-Forwarded-For', ip).send(answers).expect(429);
      for (const path of [`/F/${code}/submit`, `/f/${code}/SUBMIT`, `/f/${code}/submit/`]) {
        await api(t).post(path).set('X-Forwarded-For', ip).send(answers).expect(404);
      }
      const submissions = await api(t, org.apiKey).get('/api/v1/submissions').expect(200);
      expect(submissions.body.submissions ?? submissions.body.data).toEqual([]);
    });
  });

  describe('the public submit takes JSON only', () => {
    it('refuses text/plain, form-encoded, multipart and no content type with 415, leaving a one-response link open', async () => {
      const { short_code: code } = await createLink(t, org.apiKey, { template_id: templateId, max_responses: 1 });
      const path = `/f/${code}/submit`;
      const attempts = [
        request(t.baseUrl).post(path).set('Content-Type', 'text/plain').send(`{"answers":{}}`),
        request(t.baseUrl).post(path).type('form').send({ answers: 'x' }),
        request(t.baseUrl).post(path).field('answers', 'x'),
        request(t.baseUrl).post(path),
      ];
      for (const attempt of attempts) {
        const res = await attempt.set('X-Forwarded-For', newClient());
        expect(res.status).toBe(415);
        expect(res.body).toEqual({
          error: expect.stringContaining('application/json'),
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      const empty = await api(t).post(path).set('X-Forwarded-For', newClient()).send({}).expect(400);
      expect(empty.body.fields).toEqual([{ field_id: required.field_id, error: 'is required' }]);
      await api(t)
        .post(path)
        .set('X-Forwarded-For', newClient())
        .send({ answers: { [required.field_id]: 'Rivera' } })
        .expect(201);
    });

    it('answers a multipart upload to POST /imports with one clear 400', async () => {
      const res = await request(t.baseUrl)
        .post('/api/v1/imports')
        .set('Authorization', `Bearer ${org.apiKey}`)
        .attach('file', Buffer.from('%PDF-1.7\n'), 'form.pdf')
        .expect(400);
      expect(res.body).toEqual({
        error:
          'send JSON with pdf_base64 or pdf_url (Content-Type: application/json): file uploads as multipart/form-data are not accepted',
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('protected health information is never cached', () => {
    it('sends Cache-Control: no-store on API responses, successes and errors alike', async () => {
      const link = await api(t, org.apiKey)
        .post('/api/v1/fill-links')
        .send({ template_id: templateId, values: [{ field_id: required.field_id, value: 'Rivera' }] })
        .expect(201);
      expect(link.headers['cache-control']).toBe('no-store');
      await api(t)
        .post(`/f/${link.body.short_code}/submit`)
        .set('X-Forwarded-For', newClient())
        .send({ answers: { [required.field_id]: 'Rivera' } })
        .expect(201);
      const list = await api(t, org.apiKey).get('/api/v1/submissions').expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const id = (list.body.submissions ?? list.body.data)[0].submission_id as string;
      const one = await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200);
      expect(one.headers['cache-control']).toBe('no-store');
      for (const res of [await api(t).get('/api/v1/ping').expect(401), await api(t, ADMIN).get('/admin/v1/orgs')]) {
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  describe('failed authentication is rate limited per address', () => {
    it('answers 429 with Retry-After after 3 wrong API keys, to a right key too, and only for that address', async () => {
      const ip = newClient();
      for (let i = 0; i < 3; i++) {
        await api(t, `edfk_live_wrong${i}`).get('/api/v1/ping').set('X-Forwarded-For', ip).expect(401);
      }
      const limited = await api(t, 'edfk_live_wrong').get('/api/v1/ping').set('X-Forwarded-For', ip).expect(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await api(t, org.apiKey).get('/api/v1/ping').set('X-Forwarded-For', ip).expect(429);
      await api(t, org.apiKey).get('/api/v1/ping').set('X-Forwarded-For', newClient()).expect(200);
    });

    it('does the same for wrong admin tokens', async () => {
      const ip = newClient();
      for (let i = 0; i < 3; i++) {
        await api(t, `wrong-admin-token-${i}`).get('/admin/v1/orgs').set('X-Forwarded-For', ip).expect(401);
      }
      const limited = await api(t, 'wrong-admin-token-3').get('/admin/v1/orgs').set('X-Forwarded-For', ip).expect(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await api(t, ADMIN).get('/admin/v1/orgs').set('X-Forwarded-For', ip).expect(429);
      await api(t, ADMIN).get('/admin/v1/orgs').set('X-Forwarded-For', newClient()).expect(200);
    });
  });

  it('answers a rate-limited fill page with a 429 page in plain words and Retry-After', async () => {
    const { short_code: code } = await createLink(t, org.apiKey, { template_id: templateId });
    const ip = newClient();
    for (let i = 0; i < 3; i++) await api(t).get(`/f/${code}`).set('X-Forwarded-For', ip).expect(200);
    const res = await api(t).get(`/f/${code}`).set('X-Forwarded-For', ip).expect(429);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.text).toMatch(/<h1>[^<]+<\/h1>/);
  });

  it('answers a rate-limited editor page with a 429 page in plain words and Retry-After (not a 500)', async () => {
    const session = await api(t, org.apiKey).post(`/api/v1/templates/${templateId}/editor-sessions`).expect(201);
    const path = new URL(session.body.url as string).pathname;
    const ip = newClient();
    for (let i = 0; i < 3; i++) await api(t).get(path).set('X-Forwarded-For', ip).expect(200);
    const res = await api(t).get(path).set('X-Forwarded-For', ip).expect(429);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.text).toMatch(/<h1>Too many requests<\/h1>/);
  });

  it('lists the partner endpoints before Admin and Operations in the OpenAPI document (Swagger UI order)', async () => {
    const res = await request(t.baseUrl).get('/openapi.json').expect(200);
    const tags = (res.body.tags as Array<{ name: string }>).map((tag) => tag.name);
    expect(tags.slice(0, 5)).toEqual(['Imports', 'Templates', 'Fill links', 'Submissions', 'Webhooks']);
    expect(tags.indexOf('Admin')).toBeGreaterThan(tags.indexOf('Webhooks'));
    expect(tags.indexOf('Operations')).toBeGreaterThan(tags.indexOf('Admin'));
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For does not make a new client for the per-IP limit', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'false', PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await api(t).get('/f/ZZZZZZZZZZ/form').set('X-Forwarded-For', newClient())).status);
      }
      expect(statuses).toContain(429);
    } finally {
      await t.close();
    }
  });
});
