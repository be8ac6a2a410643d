import { getRepositoryToken } from '@nestjs/typeorm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Repository } from 'typeorm';
import { IdempotencyService, requestHash } from 'src/common/idempotency/idempotency.service';
import { Event } from 'src/events/entities/event.entity';
import { ImportRunnerService } from 'src/imports/import-runner.service';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { fixture, importPdf, waitForImport, type ImportBody } from 'test/utils/imports';
import { ADMIN } from 'test/utils/admin-token';

const MAX = 10 * 1024 * 1024;

/** A buffer of exactly `size` bytes that starts like a PDF. */
function pdfLike(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

describe('imports (POST /imports, GET /imports/{id})', () => {
  let t: TestApp;
  let org: TestOrg;
  const w9 = fixture('irs-w9-2024.flat.pdf');

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('answers 202 queued at once, then succeeds with the result fields and an import.completed event', async () => {
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({ pdf_base64: w9.toString('base64'), filename: 'w9.pdf', title: 'W-9', blank_form_attestation: true })
      .expect(202);
    expect(res.body).toEqual({
      import_id: expect.stringMatching(/^imp_[0-9A-Za-z]{20,}$/),
      status: 'queued',
      filename: 'w9.pdf',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const done = await waitForImport(t, org.apiKey, res.body.import_id);
    expect(done).toMatchObject({
      status: 'succeeded',
      template_id: expect.stringMatching(/^tpl_/),
      page_count: 6,
      detector: 'layout',
      review_required: expect.any(Boolean),
      review_reasons: expect.any(Array),
      warnings: expect.any(Array),
    });
    expect(done.field_count).toBeGreaterThan(10);
    expect(done).not.toHaveProperty('error');
    const events = await t.app.get<Repository<Event>>(getRepositoryToken(Event)).findBy({ orgId: org.orgId });
    expect(events.find((e) => e.data.import_id === done.import_id)).toMatchObject({
      type: 'import.completed',
      data: {
        import_id: done.import_id,
        template_id: done.template_id,
        page_count: 6,
        field_count: done.field_count,
        review_required: done.review_required,
      },
    });
  });

  it('reads the AcroForm of an original PDF exactly (detector acroform, confidence 1)', async () => {
    const done = await importPdf(t, org.apiKey, fixture('irs-w9-2024.original.pdf'));
    expect(done).toMatchObject({ status: 'succeeded', detector: 'acroform', field_count: 23 });
    const fields = await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    expect(fields.body.fields.every((f: { confidence: number }) => f.confidence === 1)).toBe(true);
  });

  it.each([
    ['attestation missing', { pdf_base64: 'JVBERi0=', filename: 'a.pdf' }, 'blank_form_attestation'],
    [
      'attestation false',
      { pdf_base64: 'JVBERi0=', filename: 'a.pdf', blank_form_attestation: false },
      'blank_form_attestation must be true',
    ],
    [
      'attestation "true" as a string',
      { pdf_base64: 'JVBERi0=', filename: 'a.pdf', blank_form_attestation: 'true' },
      'blank_form_attestation',
    ],
    [
      'both sources',
      { pdf_base64: 'JVBERi0=', pdf_url: 'https://example.org/a.pdf', filename: 'a.pdf', blank_form_attestation: true },
      'exactly one of pdf_base64 and pdf_url',
    ],
    ['neither source', { filename: 'a.pdf', blank_form_attestation: true }, 'exactly one of pdf_base64 and pdf_url'],
    ['filename missing', { pdf_base64: 'JVBERi0=', blank_form_attestation: true }, 'filename'],
    [
      'not base64',
      { pdf_base64: 'JVBER$$$i0=', filename: 'a.pdf', blank_form_attestation: true },
      'not standard base64',
    ],
    [
      'url-safe base64',
      { pdf_base64: 'JVBERi0-_w==', filename: 'a.pdf', blank_form_attestation: true },
      'not standard base64',
    ],
    [
      'bytes that are not a PDF',
      { pdf_base64: Buffer.from('hello world').toString('base64'), filename: 'a.pdf', blank_form_attestation: true },
      '%PDF-',
    ],
    [
      'an unknown property',
      { pdf_base64: 'JVBERi0=', filename: 'a.pdf', blank_form_attestation: true, titel: 'x' },
      'titel',
    ],
  ])('refuses %s with 400 saying what to fix', async (_, body, message) => {
    const res = await api(t, org.apiKey).post('/api/v1/imports').send(body).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message), code: 'VALIDATION_FAILED' });
  });

  it('accepts a PDF of exactly 10 MB and refuses one byte more with 413', async () => {
    const ok = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({ pdf_base64: pdfLike(MAX).toString('base64'), filename: 'big.pdf', blank_form_attestation: true })
      .expect(202);
    const over = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({ pdf_base64: pdfLike(MAX + 1).toString('base64'), filename: 'big.pdf', blank_form_attestation: true })
      .expect(413);
    expect(over.body).toEqual({ error: expect.stringContaining('10485761 bytes'), code: 'PAYLOAD_TOO_LARGE' });
    const done = await waitForImport(t, org.apiKey, ok.body.import_id);
    expect(done).toMatchObject({ status: 'failed', error_code: 'PDF_INVALID' });
  });

  describe('malformed PDFs end failed with a clear error, and the worker takes the next import', () => {
    it.each([
      ['truncated', () => fixture('irs-w9-2024.flat.pdf').subarray(0, 20_000), ['PDF_INVALID']],
      ['garbage after the header', () => fixture('hostile/garbage-after-header.pdf'), ['PDF_INVALID']],
      ['encrypted with a password', () => fixture('hostile/encrypted.pdf'), ['PDF_ENCRYPTED']],
      [
        'a page count of 100 million',
        () => fixture('hostile/count-100-million.pdf'),
        ['PDF_INVALID', 'PDF_TOO_MANY_PAGES'],
      ],
      ['101 pages', () => fixture('hostile/101-pages.pdf'), ['PDF_TOO_MANY_PAGES']],
      ['no pages', () => fixture('hostile/no-pages.pdf'), ['PDF_NO_PAGES', 'PDF_INVALID']],
      [
        'a decompression bomb',
        () => fixture('hostile/bomb-content-1.5gb.pdf'),
        ['PROCESSING_OUT_OF_MEMORY', 'PROCESSING_TIMEOUT', 'PDF_INVALID'],
      ],
    ])('%s', async (_, pdf, codes) => {
      const failed = await importPdf(t, org.apiKey, pdf());
      expect(failed.status).toBe('failed');
      expect(codes).toContain(failed.error_code);
      expect(failed.error).toEqual(expect.any(String));
      expect(failed.error!.length).toBeGreaterThan(10);
      expect(failed).not.toHaveProperty('template_id');
      const next = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
      expect(next.status).toBe('succeeded');
    });
  });

  it('survives 100k nested arrays on a page: a readable page gives an empty template for review, and the worker goes on', async () => {
    const done = await importPdf(t, org.apiKey, fixture('hostile/nested-arrays-100k.pdf'));
    if (done.status === 'failed') {
      expect(['PDF_INVALID', 'PROCESSING_ERROR', 'PROCESSING_OUT_OF_MEMORY']).toContain(done.error_code);
    } else {
      expect(done).toMatchObject({ status: 'succeeded', field_count: 0, review_required: true });
    }
    const next = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
    expect(next.status).toBe('succeeded');
  });

  it('a doubled detection job is skipped: a finished import is not processed again', async () => {
    const done = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
    await t.app.get(ImportRunnerService).run(done.import_id, true);
    const again = await api(t, org.apiKey).get(`/api/v1/imports/${done.import_id}`).expect(200);
    expect(again.body).toEqual(done);
    const events = await t.app.get<Repository<Event>>(getRepositoryToken(Event)).findBy({ orgId: org.orgId });
    expect(events.filter((e) => e.data.import_id === done.import_id)).toHaveLength(1);
  });

  it('writes import.failed with import_id and error only', async () => {
    const failed = await importPdf(t, org.apiKey, fixture('hostile/encrypted.pdf'));
    const events = await t.app
      .get<Repository<Event>>(getRepositoryToken(Event))
      .findBy({ orgId: org.orgId, type: 'import.failed' });
    expect(events.find((e) => e.data.import_id === failed.import_id)?.data).toEqual({
      import_id: failed.import_id,
      error: failed.error,
    });
  });

  it("answers 404 for another organization's import, and for garbage ids", async () => {
    const mine = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
    const other = await createOrg(t.app);
    const res = await api(t, other.apiKey).get(`/api/v1/imports/${mine.import_id}`).expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    await api(t, org.apiKey).get('/api/v1/imports/not-an-id').expect(404);
  });
});

describe('idempotency of POST /imports', () => {
  let t: TestApp;
  let org: TestOrg;
  const body = () => ({
    pdf_base64: fixture('hostile/100-pages.pdf').toString('base64'),
    filename: 'i.pdf',
    blank_form_attestation: true,
  });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('replays the first response for a repeat, so a retry does not import twice', async () => {
    const first = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-1')
      .send(body())
      .expect(202);
    const again = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-1')
      .send(body())
      .expect(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-2')
      .send(body())
      .expect(202);
    expect(other.body.import_id).not.toBe(first.body.import_id);
  });

  it('answers 422 for the same key with a different body', async () => {
    await api(t, org.apiKey).post('/api/v1/imports').set('Idempotency-Key', 'retry-3').send(body()).expect(202);
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-3')
      .send({ ...body(), filename: 'other.pdf' })
      .expect(422);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const request = body();
    await t.app
      .get(IdempotencyService)
      .claim(org.keyId, 'in-flight-1', requestHash('POST', '/api/v1/imports', request));
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'in-flight-1')
      .send(request)
      .expect(409);
    expect(res.body.code).toBe('IDEMPOTENCY_IN_FLIGHT');
  });

  it('does not store failures: a retry after a 400 runs afresh', async () => {
    await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-4')
      .send({ ...body(), blank_form_attestation: false })
      .expect(400);
    await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'retry-4')
      .send({ ...body(), blank_form_attestation: false })
      .expect(400);
  });

  it('keeps keys apart per API key', async () => {
    const other = await createOrg(t.app);
    const a = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'shared')
      .send(body())
      .expect(202);
    const b = await api(t, other.apiKey)
      .post('/api/v1/imports')
      .set('Idempotency-Key', 'shared')
      .send(body())
      .expect(202);
    expect(a.body.import_id).not.toBe(b.body.import_id);
  });
});

describe('daily import quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets exactly the quota through under concurrency, then 429 QUOTA_EXCEEDED with quota, retry_after and Retry-After', async () => {
    const org = await createOrg(t.app);
    await api(t, ADMIN).patch(`/admin/v1/orgs/${org.orgId}`).send({ imports_daily_quota: 3 }).expect(200);
    const pdf = fixture('hostile/100-pages.pdf').toString('base64');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(t, org.apiKey)
          .post('/api/v1/imports')
          .send({ pdf_base64: pdf, filename: 'q.pdf', blank_form_attestation: true }),
      ),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(refused[0].body).toEqual({
      error: expect.stringContaining('quota'),
      code: 'QUOTA_EXCEEDED',
      retry_after: expect.any(Number),
      quota: { limit: 3, used: 3, window: 'day', resets_at: midnight.toISOString() },
    });
    expect(refused[0].headers['retry-after']).toBe(String(refused[0].body.retry_after));
    expect(refused[0].body.retry_after).toBeLessThanOrEqual(86_400);
  });

  it('a quota of 0 refuses every import', async () => {
    const org = await createOrg(t.app);
    await api(t, ADMIN).patch(`/admin/v1/orgs/${org.orgId}`).send({ imports_daily_quota: 0 }).expect(200);
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({
        pdf_base64: fixture('hostile/100-pages.pdf').toString('base64'),
        filename: 'q.pdf',
        blank_form_attestation: true,
      })
      .expect(429);
    expect(res.body.quota).toMatchObject({ limit: 0, used: 0 });
  });
});

describe('pdf_url imports', () => {
  let server: Server;
  let hits = 0;
  let base = '';
  const w9 = fixture('irs-w9-2024.original.pdf');

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/form.pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        res.end(w9);
      } else if (req.url === '/redirect') {
        res.writeHead(302, { Location: '/form.pdf' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  describe('with ALLOW_INSECURE_OUTBOUND=true (tests and development)', () => {
    let t: TestApp;
    let org: TestOrg;
    beforeAll(async () => {
      t = await createTestApp({ ALLOW_INSECURE_OUTBOUND: 'true' });
      org = await createOrg(t.app);
    });
    afterAll(() => t.close());

    it('fetches the PDF in the worker (following a redirect) and succeeds', async () => {
      const res = await api(t, org.apiKey)
        .post('/api/v1/imports')
        .send({ pdf_url: `${base}/redirect`, filename: 'w9.pdf', blank_form_attestation: true })
        .expect(202);
      const done = await waitForImport(t, org.apiKey, res.body.import_id);
      expect(done).toMatchObject({ status: 'succeeded', detector: 'acroform', field_count: 23 });
    });

    it('ends failed with FETCH_FAILED when the URL answers 404', async () => {
      const res = await api(t, org.apiKey)
        .post('/api/v1/imports')
        .send({ pdf_url: `${base}/missing.pdf`, filename: 'm.pdf', blank_form_attestation: true })
        .expect(202);
      const done: ImportBody = await waitForImport(t, org.apiKey, res.body.import_id);
      expect(done).toMatchObject({
        status: 'failed',
        error_code: 'FETCH_FAILED',
        error: expect.stringContaining('404'),
      });
    });
  });

  describe('with the outbound guard on', () => {
    let t: TestApp;
    let org: TestOrg;
    beforeAll(async () => {
      t = await createTestApp({ ALLOW_INSECURE_OUTBOUND: 'false' });
      org = await createOrg(t.app);
    });
    afterAll(() => t.close());

    it.each([
      ['plain http', () => `${base}/form.pdf`],
      ['a loopback IP literal', () => `https://127.0.0.1:${new URL(base).port}/form.pdf`],
      ['localhost', () => `https://localhost:${new URL(base).port}/form.pdf`],
      ['IPv6 loopback', () => `https://[::1]:${new URL(base).port}/form.pdf`],
      ['a private range', () => 'https://10.1.2.3/form.pdf'],
      ['a decimal IP', () => 'https://2130706433/form.pdf'],
      ['link-local metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ])('refuses %s at once with 400, and the server sees no request', async (_, url) => {
      const before = hits;
      const res = await api(t, org.apiKey)
        .post('/api/v1/imports')
        .send({ pdf_url: url(), filename: 'x.pdf', blank_form_attestation: true })
        .expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining('pdf_url'), code: 'VALIDATION_FAILED' });
      await new Promise((r) => setTimeout(r, 200));
      expect(hits).toBe(before);
    });
  });
});
