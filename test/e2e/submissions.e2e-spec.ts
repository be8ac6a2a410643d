import { createHash } from 'crypto';
import { getQueueToken } from '@nestjs/bull';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Repository } from 'typeorm';
import { AuditLog } from 'src/audit/entities/audit-log.entity';
import { Event } from 'src/events/entities/event.entity';
import { QUEUES } from 'src/queue/queues';
import { Submission } from 'src/submissions/entities/submission.entity';
import { PdfLinkSigner } from 'src/submissions/pdf-link-signer';
import { SubmissionPdfService } from 'src/submissions/submission-pdf.service';
import { SubmissionsSweeper } from 'src/submissions/submissions.sweeper';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import {
  answersFor,
  createLink,
  latestSubmissionId,
  PNG_1X1,
  submit,
  templateFrom,
  waitForPdfReady,
  type Field,
} from 'test/utils/forms';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'edform-'));
  writeFileSync(join(dir, 'out.pdf'), pdf);
  execFileSync('qpdf', ['--check', join(dir, 'out.pdf')], { stdio: 'pipe' });
  return execFileSync('pdftotext', ['-layout', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
}

function binary(
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('fill page submissions and the completed PDF', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let fields: Field[];
  const textFields = () => fields.filter((f) => f.kind === 'text');

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    ({ templateId, fields } = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf'));
  });
  afterAll(() => t.close());

  it('serves the form as JSON with prefill values, and the page with no-store, noindex and a strict CSP', async () => {
    const [first] = textFields();
    const link = await createLink(t, org.apiKey, {
      template_id: templateId,
      values: [{ field_id: first.field_id, value: 'Rivera', locked: true }],
    });
    const form = await api(t).get(`/f/${link.short_code}/form`).expect(200);
    expect(form.body.fields).toHaveLength(fields.length);
    expect(form.body.fields.find((f: { field_id: string }) => f.field_id === first.field_id)).toMatchObject({
      value: 'Rivera',
      locked: true,
    });
    for (const path of [`/f/${link.short_code}`, `/f/${link.short_code}/form`]) {
      const res = await api(t).get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const page = await api(t).get(`/f/${link.short_code}`).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain(`data-field-id="${first.field_id}"`);
  });

  it('stores every answer typed, re-asserts locked values, and renders a PDF with the text where the field was', async () => {
    const [first, second] = textFields();
    const link = await createLink(t, org.apiKey, {
      template_id: templateId,
      external_ref: 'appt-7',
      values: [{ field_id: first.field_id, value: 'Lockedname', locked: true }],
    });
    const body = answersFor(fields, 'Zoë Ðorđević');
    body.answers[first.field_id] = 'Tampered';
    body.answers[second.field_id] = 'Plainsurname';
    const res = await submit(t, link.short_code, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'received' });
    expect(res.headers['cache-control']).toBe('no-store');
    const id = await latestSubmissionId(t, org.apiKey);
    const sub = await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200);
    expect(sub.body).toMatchObject({
      submission_id: id,
      template_id: templateId,
      template_version: 1,
      fill_link_id: link.fill_link_id,
      external_ref: 'appt-7',
      submitted_at: expect.stringMatching(/Z$/),
    });
    expect(sub.body.answers[first.field_id]).toBe('Lockedname');
    expect(sub.body.answers[second.field_id]).toBe('Plainsurname');
    const nonSignature = fields.filter((f) => f.kind !== 'signature');
    expect(Object.keys(sub.body.answers).sort()).toEqual(nonSignature.map((f) => f.field_id).sort());
    for (const f of nonSignature) {
      expect(typeof sub.body.answers[f.field_id]).toBe(
        ['select_one', 'select_many', 'checkbox'].includes(f.kind) ? 'boolean' : 'string',
      );
    }
    await waitForPdfReady(t, org.apiKey, id);
    const pdf = await api(t, org.apiKey).get(`/api/v1/submissions/${id}/pdf`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Lockedname');
    expect(text).toContain('Plainsurname');
    expect(text).not.toContain('Tampered');
  });

  it('keeps answers and signatures encrypted at rest', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const body = answersFor(fields, 'Secret-Answer-QQQ');
    expect((await submit(t, link.short_code, body)).status).toBe(201);
    const id = await latestSubmissionId(t, org.apiKey);
    const rows: { answers: Buffer; signatures: Buffer }[] = await t.app
      .get<Repository<Submission>>(getRepositoryToken(Submission))
      .query('SELECT answers, signatures FROM submissions WHERE id = $1', [id]);
    expect(rows[0].answers.includes(Buffer.from('Secret-Answer-QQQ'))).toBe(false);
    expect(rows[0].signatures.includes(Buffer.from(PNG_1X1.split(',')[1]))).toBe(false);
  });

  it('writes submission.created and submission.pdf_ready with ids and URLs, never answers', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'ev-1' });
    expect((await submit(t, link.short_code, answersFor(fields, 'Never-In-Events'))).status).toBe(201);
    const id = await latestSubmissionId(t, org.apiKey);
    await waitForPdfReady(t, org.apiKey, id);
    const events = await t.app.get<Repository<Event>>(getRepositoryToken(Event)).findBy({ orgId: org.orgId });
    const created = events.find((e) => e.type === 'submission.created' && e.data.submission_id === id)!;
    const ready = events.find((e) => e.type === 'submission.pdf_ready' && e.data.submission_id === id)!;
    expect(created.data).toEqual({
      submission_id: id,
      template_id: templateId,
      fill_link_id: link.fill_link_id,
      external_ref: 'ev-1',
      retrieve_url: `http://127.0.0.1:3999/api/v1/submissions/${id}`,
    });
    expect(ready.data).toEqual({
      submission_id: id,
      template_id: templateId,
      external_ref: 'ev-1',
      pdf_url: `http://127.0.0.1:3999/api/v1/submissions/${id}/pdf`,
    });
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('Never-In-Events');
  });

  describe('server-side validation at submit', () => {
    let code: string;
    beforeAll(async () => {
      code = (await createLink(t, org.apiKey, { template_id: templateId })).short_code;
    });

    it('refuses a missing required answer with the field named in `fields`', async () => {
      const required = fields.find((f) => f.required && f.kind === 'text');
      const body = answersFor(fields);
      const target = required ?? textFields()[0];
      body.answers[target.field_id] = '';
      const res = await submit(t, code, body);
      if (required) {
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual(
          expect.arrayContaining([{ field_id: required.field_id, error: 'is required' }]),
        );
      } else {
        expect(res.status).toBe(201);
      }
    });

    it.each([
      [
        'a number for a text field',
        (b: ReturnType<typeof answersFor>, f: Field[]) =>
          (b.answers[f.find((x) => x.kind === 'text')!.field_id] = 7 as unknown as string),
      ],
      [
        'a bad date',
        (b: ReturnType<typeof answersFor>, f: Field[]) =>
          (b.answers[f.find((x) => x.kind === 'date')!.field_id] = '12/04/1990'),
      ],
      [
        'two choices for a select_one question',
        (b: ReturnType<typeof answersFor>, f: Field[]) => {
          const q = f.find((x) => x.kind === 'select_one')!.question_id;
          for (const o of f.filter((x) => x.question_id === q)) b.answers[o.field_id] = true;
        },
      ],
      ['an unknown field', (b: ReturnType<typeof answersFor>) => (b.answers.fld_unknown00000000000000000 = 'x')],
      [
        'a JPEG signature',
        (b: ReturnType<typeof answersFor>, f: Field[]) =>
          (b.signatures[f.find((x) => x.kind === 'signature')!.field_id] = 'data:image/jpeg;base64,/9j/4AAQ'),
      ],
      [
        'a signature that is not a PNG',
        (b: ReturnType<typeof answersFor>, f: Field[]) =>
          (b.signatures[f.find((x) => x.kind === 'signature')!.field_id] = 'data:image/png;base64,aGVsbG8='),
      ],
      [
        'a 1 MB signature',
        (b: ReturnType<typeof answersFor>, f: Field[]) => {
          const big = Buffer.concat([Buffer.from(PNG_1X1.split(',')[1], 'base64'), Buffer.alloc(1024 * 1024)]);
          b.signatures[f.find((x) => x.kind === 'signature')!.field_id] =
            `data:image/png;base64,${big.toString('base64')}`;
        },
      ],
    ])('refuses %s with 400 and a field error', async (_, mutate) => {
      const body = answersFor(fields);
      mutate(body, fields);
      const res = await submit(t, code, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: expect.any(Array) });
      expect(res.body.fields.length).toBeGreaterThan(0);
      expect(res.body.error).not.toContain('Zoë');
    });

    it('refuses a missing required signature', async () => {
      const signature = fields.find((f) => f.kind === 'signature')!;
      const body = answersFor(fields);
      delete body.signatures[signature.field_id];
      const res = await submit(t, code, body);
      if (signature.required)
        expect(res.body.fields).toEqual(
          expect.arrayContaining([{ field_id: signature.field_id, error: 'needs a signature' }]),
        );
      else expect(res.status).toBe(201);
    });
  });

  it('gives the last response slot to exactly one of two simultaneous patients; the other gets 410', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, max_responses: 1 });
    const results = await Promise.all([
      submit(t, link.short_code, answersFor(fields)),
      submit(t, link.short_code, answersFor(fields)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
    expect(results.find((r) => r.status === 410)!.body.code).toBe('GONE');
    const page = await api(t).get(`/f/${link.short_code}`).expect(410);
    expect(page.headers['content-type']).toContain('text/html');
    await api(t).get(`/f/${link.short_code}/done`).expect(200);
  });

  it('answers 410 for an expired link and a retired template, 404 for an unknown code', async () => {
    const expired = await createLink(t, org.apiKey, { template_id: templateId, expires_in_days: 1 });
    await t.app
      .get<Repository<Submission>>(getRepositoryToken(Submission))
      .query(`UPDATE fill_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.fill_link_id]);
    expect((await submit(t, expired.short_code, answersFor(fields))).status).toBe(410);
    const expiredPage = await api(t).get(`/f/${expired.short_code}`).expect(410);
    expect(expiredPage.text.toLowerCase()).toContain('expired');
    const other = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf');
    const retired = await createLink(t, org.apiKey, { template_id: other.templateId });
    await api(t, ADMIN).post(`/admin/v1/templates/${other.templateId}/retire`).expect(200);
    await api(t).get(`/f/${retired.short_code}/form`).expect(410);
    expect((await submit(t, retired.short_code, answersFor(other.fields))).status).toBe(410);
    await api(t).get('/f/ZZZZZZZZZZ').expect(404);
    const unknown = await api(t).get('/f/ZZZZZZZZZZ/form').expect(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('pdf-link: 409 PDF_PENDING while pending, then a signed URL that works without a key; tampered or expired 403; audited', async () => {
    const rendering = t.app.get<Queue>(getQueueToken(QUEUES.rendering));
    await rendering.pause(true);
    let id: string;
    try {
      const link = await createLink(t, org.apiKey, { template_id: templateId });
      expect((await submit(t, link.short_code, answersFor(fields, 'Pendingname'))).status).toBe(201);
      id = await latestSubmissionId(t, org.apiKey);
      const pending = await api(t, org.apiKey).get(`/api/v1/submissions/${id}/pdf-link`).expect(409);
      expect(pending.body).toEqual({
        error: 'completed PDF not frozen yet',
        code: 'PDF_PENDING',
        completed_pdf_status: 'pending',
        hint: `stream GET /submissions/${id}/pdf instead`,
      });
      const onDemand = await api(t, org.apiKey)
        .get(`/api/v1/submissions/${id}/pdf`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(pdfText(onDemand.body as Buffer)).toContain('Pendingname');
      const whilePending = (await api(t, org.apiKey).get(`/api/v1/submissions/${id}`)).body;
      expect(whilePending.completed_pdf_status).toBe('pending');
      expect(whilePending).not.toHaveProperty('completed_pdf_sha256'); // nothing frozen yet
    } finally {
      await rendering.resume(true);
    }
    await waitForPdfReady(t, org.apiKey, id);
    const signed = await api(t, org.apiKey).get(`/api/v1/submissions/${id}/pdf-link`).expect(200);
    expect(signed.body.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:3999/files/submissions/${id}\\.pdf\\?expires=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(new Date(signed.body.expires_at).getTime() - Date.now()).toBeGreaterThan(590_000);
    const path = signed.body.url.replace('http://127.0.0.1:3999', '');
    const file = await api(t).get(path).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(pdfText(file.body as Buffer)).toContain('Pendingname');
    // the digest on the submission is the digest of the bytes served
    const ready = (await api(t, org.apiKey).get(`/api/v1/submissions/${id}`)).body;
    expect(ready.completed_pdf_sha256).toBe(
      createHash('sha256')
        .update(file.body as Buffer)
        .digest('hex'),
    );
    await api(t)
      .get(path.replace(/sig=([0-9a-f])/, (_m: string, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`))
      .expect(403);
    await api(t)
      .get(path.replace(/expires=(\d+)/, (_m: string, e: string) => `expires=${Number(e) + 1}`))
      .expect(403);
    const past = Math.floor(Date.now() / 1000) - 5;
    const expiredSig = t.app.get(PdfLinkSigner).sign(id, past);
    await api(t).get(`/files/submissions/${id}.pdf?expires=${past}&sig=${expiredSig}`).expect(403);
    const audit = await t.app.get<Repository<AuditLog>>(getRepositoryToken(AuditLog)).findBy({ submissionId: id });
    expect(audit.map((a) => a.action).sort()).toEqual([
      'pdf.downloaded',
      'pdf_link.created',
      'pdf_link.created',
      'pdf_link.downloaded',
    ]);
    expect(audit.find((a) => a.action === 'pdf_link.created')).toMatchObject({
      apiKeyId: org.keyId,
      ip: expect.any(String),
    });
  });

  it('the sweeper queues again a render whose job Redis lost', async () => {
    const rendering = t.app.get<Queue>(getQueueToken(QUEUES.rendering));
    await rendering.pause(true);
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    expect((await submit(t, link.short_code, answersFor(fields))).status).toBe(201);
    const id = await latestSubmissionId(t, org.apiKey);
    await (await rendering.getJob(id))!.remove();
    await rendering.resume(true);
    await t.app
      .get<Repository<Submission>>(getRepositoryToken(Submission))
      .query(`UPDATE submissions SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    expect(await t.app.get(SubmissionsSweeper).sweep()).toBeGreaterThanOrEqual(1);
    await waitForPdfReady(t, org.apiKey, id);
  });

  it('a doubled render job is harmless: one frozen PDF, one submission.pdf_ready', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    expect((await submit(t, link.short_code, answersFor(fields))).status).toBe(201);
    const id = await latestSubmissionId(t, org.apiKey);
    await waitForPdfReady(t, org.apiKey, id);
    const service = t.app.get(SubmissionPdfService);
    await Promise.all([service.renderAndFreeze(id), service.renderAndFreeze(id)]);
    const events = await t.app
      .get<Repository<Event>>(getRepositoryToken(Event))
      .findBy({ orgId: org.orgId, type: 'submission.pdf_ready' });
    expect(events.filter((e) => e.data.submission_id === id)).toHaveLength(1);
  });

  it("answers 404 for another organization's submission, its pdf and its pdf-link", async () => {
    const id = await latestSubmissionId(t, org.apiKey);
    const other = await createOrg(t.app);
    for (const suffix of ['', '/pdf', '/pdf-link']) {
      const res = await api(t, other.apiKey).get(`/api/v1/submissions/${id}${suffix}`).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const list = await api(t, other.apiKey).get('/api/v1/submissions').expect(200);
    expect(list.body.submissions).toEqual([]);
  });
});

describe('GET /submissions paging', () => {
  let t: TestApp;
  let org: TestOrg;
  let code: string;
  let fields: Field[];

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    const template = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf');
    fields = template.fields;
    code = (await createLink(t, org.apiKey, { template_id: template.templateId, external_ref: 'page' })).short_code;
    await t.app.get<Queue>(getQueueToken(QUEUES.rendering)).pause(true);
    for (let i = 0; i < 7; i++) expect((await submit(t, code, answersFor(fields))).status).toBe(201);
  });
  afterAll(async () => {
    await t.app.get<Queue>(getQueueToken(QUEUES.rendering)).resume(true);
    await t.close();
  });

  it('validates limit: 0 and 101 are 400, 1 and 100 are fine, default 25', async () => {
    for (const bad of ['0', '101', 'abc', '2.5', '-1']) {
      const res = await api(t, org.apiKey).get(`/api/v1/submissions?limit=${bad}`).expect(400);
      expect(res.body.error).toContain('limit');
    }
    expect((await api(t, org.apiKey).get('/api/v1/submissions?limit=1').expect(200)).body.submissions).toHaveLength(1);
    expect((await api(t, org.apiKey).get('/api/v1/submissions?limit=100').expect(200)).body.submissions).toHaveLength(
      7,
    );
    const all = await api(t, org.apiKey).get('/api/v1/submissions').expect(200);
    expect(all.body.submissions).toHaveLength(7);
    expect(all.body).not.toHaveProperty('next_cursor');
    expect(Object.keys(all.body.submissions[0]).sort()).toEqual(
      ['completed_pdf_status', 'external_ref', 'fill_link_id', 'submission_id', 'submitted_at', 'template_id'].sort(),
    );
  });

  it('pages with a cursor over more than two pages, newest first, seeing each submission once while new ones arrive', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await api(t, org.apiKey)
        .get(`/api/v1/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      seen.push(...res.body.submissions.map((s: { submission_id: string }) => s.submission_id));
      cursor = res.body.next_cursor;
      pages++;
      // A new submission arrives between pages: it is newer than the cursor, so it does not shift the pages.
      expect((await submit(t, code, answersFor(fields))).status).toBe(201);
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const times = (await api(t, org.apiKey).get('/api/v1/submissions?limit=100')).body.submissions.map(
      (s: { submitted_at: string }) => s.submitted_at,
    );
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('submitted_since is inclusive at its boundary', async () => {
    const all = (await api(t, org.apiKey).get('/api/v1/submissions?limit=100')).body.submissions as {
      submission_id: string;
      submitted_at: string;
    }[];
    const pivot = all[3];
    const since = await api(t, org.apiKey)
      .get(`/api/v1/submissions?limit=100&submitted_since=${encodeURIComponent(pivot.submitted_at)}`)
      .expect(200);
    const ids = since.body.submissions.map((s: { submission_id: string }) => s.submission_id);
    expect(ids).toContain(pivot.submission_id);
    expect(ids).toEqual(all.filter((s) => s.submitted_at >= pivot.submitted_at).map((s) => s.submission_id));
    const later = new Date(new Date(pivot.submitted_at).getTime() + 1).toISOString();
    const after = await api(t, org.apiKey)
      .get(`/api/v1/submissions?limit=100&submitted_since=${encodeURIComponent(later)}`)
      .expect(200);
    expect(after.body.submissions.map((s: { submission_id: string }) => s.submission_id)).not.toContain(
      pivot.submission_id,
    );
  });

  it('refuses a bad cursor and a bad submitted_since with 400', async () => {
    const cursor = await api(t, org.apiKey).get('/api/v1/submissions?cursor=not-a-cursor').expect(400);
    expect(cursor.body.error).toContain('cursor');
    const since = await api(t, org.apiKey).get('/api/v1/submissions?submitted_since=yesterday').expect(400);
    expect(since.body.error).toContain('submitted_since');
  });
});
