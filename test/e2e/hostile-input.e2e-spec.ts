import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { badBodies } from 'test/utils/bad-bodies';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { smallForm } from 'test/utils/small-form';
import { ADMIN } from 'test/utils/admin-token';

/** Two pages whose page tree claims /Count `count`. */
async function lyingCount(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 2; i++) doc.addPage([612, 792]).drawText('Name: ________________', { x: 50, y: 700, font });
  doc.catalog.lookup(PDFName.of('Pages'), PDFDict).set(PDFName.of('Count'), PDFNumber.of(count));
  return Buffer.from(await doc.save());
}

/** An AcroForm text field whose tooltip (its label) holds NUL and other control characters. */
async function nulLabel(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const field = doc.getForm().createTextField('last_name');
  field.addToPage(page, { x: 150, y: 690, width: 200, height: 20 });
  field.acroField.dict.set(PDFName.of('TU'), PDFString.of('Last\u0000name\u0007 (required)'));
  return Buffer.from(await doc.save());
}

interface Route {
  method: 'post' | 'patch';
  path: string;
  bearer?: string;
  base: Record<string, unknown>;
}

describe('hostile input: a 400 naming the field, never a 5xx', () => {
  let t: TestApp;
  let org: TestOrg;
  let pdf: Buffer;
  let templateId: string;
  let fields: Field[];
  let shortCode: string;

  const send = (
    route: Pick<Route, 'method' | 'path' | 'bearer'>,
    json: string,
    headers: Record<string, string> = {},
  ) => {
    let test = request(t.baseUrl)[route.method](route.path).set('Content-Type', 'application/json');
    if (route.bearer) test = test.set('Authorization', `Bearer ${route.bearer}`);
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    return test.send(json);
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' });
    org = await createOrg(t.app);
    pdf = await smallForm();
    const done = await importPdf(t, org.apiKey, pdf);
    expect(done.status).toBe('succeeded');
    templateId = done.template_id!;
    fields = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body.fields;
    ({ short_code: shortCode } = await createLink(t, org.apiKey, { template_id: templateId }));
  });
  afterAll(() => t.close());

  const routes = (): Route[] => {
    const required = fields.find((f) => f.required)!;
    return [
      {
        method: 'post',
        path: '/api/v1/imports',
        bearer: org.apiKey,
        base: {
          pdf_base64: pdf.toString('base64'),
          filename: 'intake.pdf',
          title: 'Intake',
          blank_form_attestation: true,
        },
      },
      {
        method: 'post',
        path: '/api/v1/fill-links',
        bearer: org.apiKey,
        base: {
          template_id: templateId,
          expires_in_days: 7,
          max_responses: 0,
          external_ref: 'appt-1',
          values: [{ field_id: required.field_id, value: 'Rivera', locked: false }],
        },
      },
      {
        method: 'post',
        path: '/api/v1/webhooks',
        bearer: org.apiKey,
        base: { url: 'http://127.0.0.1:9/hook', events: ['submission.created'] },
      },
      {
        method: 'post',
        path: '/admin/v1/orgs',
        bearer: ADMIN,
        base: { name: 'Fuzz clinic', partner_api_enabled: false, imports_daily_quota: 5 },
      },
      {
        method: 'patch',
        path: `/admin/v1/orgs/${org.orgId}`,
        bearer: ADMIN,
        base: { name: 'Renamed clinic', partner_api_enabled: true, imports_daily_quota: 200 },
      },
      {
        method: 'post',
        path: `/admin/v1/orgs/${org.orgId}/api-keys`,
        bearer: ADMIN,
        base: { name: 'Fuzz key', scopes: ['templates:read'] },
      },
      {
        method: 'post',
        path: `/f/${shortCode}/submit`,
        base: { answers: { [required.field_id]: 'Rivera' }, signatures: {} },
      },
    ];
  };

  it('answers every generated bad body on every write route below 500 (several hundred bodies)', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes()) {
      for (const body of badBodies(route.base as never)) {
        const res = await send(route, body.json);
        sent++;
        if (res.status >= 500) failures.push(`${route.method} ${route.path} ${body.label}: ${res.status}`);
        else if (res.status === 400 && typeof res.body?.error !== 'string') {
          failures.push(`${route.method} ${route.path} ${body.label}: 400 without an error message`);
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);

  it.each([
    ['filename', { filename: 'in\u0000take.pdf' }],
    ['title', { title: 'In\u0000take' }],
  ])('refuses a NUL in the import %s with a 400 naming it', async (field, extra) => {
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({ pdf_base64: pdf.toString('base64'), filename: 'a.pdf', blank_form_attestation: true, ...extra })
      .expect(400);
    expect(res.body).toEqual({
      error: `${field}: must not contain NUL (\\u0000) characters`,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses a NUL in external_ref and in an admin name with a 400 naming the field', async () => {
    const link = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, external_ref: 'a\u0000b' })
      .expect(400);
    expect(link.body.error).toBe('external_ref: must not contain NUL (\\u0000) characters');
    const admin = await api(t, ADMIN).post('/admin/v1/orgs').send({ name: 'N\u0000' }).expect(400);
    expect(admin.body.error).toBe('name: must not contain NUL (\\u0000) characters');
  });

  it('refuses pdf_base64: null and admin PATCH nulls with a 400 naming the field', async () => {
    const imp = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({ pdf_base64: null, filename: 'a.pdf', blank_form_attestation: true })
      .expect(400);
    expect(imp.body.error).toContain('pdf_base64 must not be null');
    for (const field of ['name', 'partner_api_enabled', 'imports_daily_quota']) {
      const res = await api(t, ADMIN)
        .patch(`/admin/v1/orgs/${org.orgId}`)
        .send({ [field]: null })
        .expect(400);
      expect(res.body.error).toContain(`${field} must not be null`);
    }
  });

  it('refuses a "constructor", "__proto__" or "prototype" key anywhere, naming where', async () => {
    const res = await send({ method: 'post', path: `/f/${shortCode}/submit` }, '{"answers":{"constructor":"x"}}');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('answers.constructor: "constructor" is not allowed as a key');
    const proto = await send(
      { method: 'post', path: '/api/v1/fill-links', bearer: org.apiKey },
      `{"template_id":"${templateId}","values":[{"__proto__":{"x":1}}]}`,
    );
    expect(proto.status).toBe(400);
    expect(proto.body.error).toBe('values[0].__proto__: "__proto__" is not allowed as a key');
  });

  it('refuses JSON nested 12,000 deep with a 400, with or without an Idempotency-Key (hashed before validation)', async () => {
    const deepJson = `{"filename":"a.pdf","title":${'['.repeat(12_000)}${']'.repeat(12_000)}}`;
    const route = { method: 'post' as const, path: '/api/v1/imports', bearer: org.apiKey };
    for (const headers of [{}, { 'Idempotency-Key': 'deep-body-1' }] as Array<Record<string, string>>) {
      const res = await send(route, deepJson, headers);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^title(\[0\])+: nests deeper than 32 levels/);
    }
  });

  it('refuses %00 in a path id and NUL in a query value with a 400, not a database error', async () => {
    const path = await api(t, org.apiKey).get('/api/v1/imports/imp_%00').expect(400);
    expect(path.body.code).toBe('VALIDATION_FAILED');
    const query = await api(t, org.apiKey).get('/api/v1/submissions?external_ref=%00').expect(400);
    expect(query.body.error).toBe('query.external_ref: must not contain NUL (\\u0000) characters');
  });

  it.each([-1, 0])('stores the counted pages of a file whose /Count says %i', async (count) => {
    const done = await importPdf(t, org.apiKey, await lyingCount(count));
    expect(done).toMatchObject({ status: 'succeeded', page_count: 2 });
  });

  it('strips control characters from labels read from a PDF (a NUL made the import retry and fail)', async () => {
    const done = await importPdf(t, org.apiKey, await nulLabel());
    expect(done.status).toBe('succeeded');
    const res = await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    const labels = (res.body.fields as Field[]).map((f) => `${f.label}|${f.prompt}`);
    expect(labels).toEqual([expect.stringContaining('Last name')]);
    expect([...labels.join('')].filter((c) => c.charCodeAt(0) < 0x20)).toEqual([]);
  });
});
