import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { completedPdf, createLink, latestSubmissionId, submit, waitForPdfReady, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';

// Imports and renders share 2 cores with other work.
jest.setTimeout(180_000);

const FORMS = join(__dirname, '..', 'fixtures', 'forms');

interface WireField extends Field {
  format: string | null;
  condition: { field_id: string; equals: true } | null;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'edform-rules-'));
  writeFileSync(join(dir, 'out.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
}

/** decisions.md "Answer rules": detection, the API, edits, submit and prefill, on the real app. */
describe('answer rules: formats and conditions', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let fields: WireField[];
  const byLabel = (label: string) => fields.find((f) => f.label === label)!;
  const option = (prompt: string, choice: string) =>
    fields.find((f) => f.prompt === prompt && f.choice_label === choice)!;

  const put = (body: object) =>
    request(t.baseUrl)
      .put(`/api/v1/templates/${templateId}/fields`)
      .set('Authorization', `Bearer ${org.apiKey}`)
      .send(body);
  const latest = async () => {
    const res = await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200);
    return res.body as { version: number; fields: WireField[] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    const done = await importPdf(t, org.apiKey, readFileSync(join(FORMS, 'rules-nextline-en', 'flat.pdf')));
    expect(done.status).toBe('succeeded');
    templateId = done.template_id!;
    fields = (await latest()).fields;
  });
  afterAll(async () => {
    await t.close();
  });

  it('detects formats and conditions on an imported form and serves them in GET fields and the fill page JSON', async () => {
    expect(byLabel('ZIP code').format).toBe('zip');
    expect(byLabel('Date of birth').format).toBe('birth_date');
    expect(byLabel('Social Security number').format).toBe('ssn');
    expect(byLabel('Last 4 digits of SSN').format).toBeNull();
    const surgeryYes = option('Have you had surgery?', 'Yes');
    expect(byLabel('If yes, please explain').condition).toEqual({ field_id: surgeryYes.field_id, equals: true });
    expect(byLabel('If so, list them').condition).toEqual({
      field_id: option('Do you take any medications?', 'Yes').field_id,
      equals: true,
    });
    expect(byLabel('Emergency contact').condition).toBeNull();
    for (const f of fields) {
      expect(f).toHaveProperty('format');
      expect(f).toHaveProperty('condition');
    }
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const form = await request(t.baseUrl).get(`/f/${link.short_code}/form`).expect(200);
    const explain = (form.body.fields as WireField[]).find(
      (f) => f.field_id === byLabel('If yes, please explain').field_id,
    );
    expect(explain).toMatchObject({ format: null, condition: { field_id: surgeryYes.field_id, equals: true } });
    const zip = (form.body.fields as WireField[]).find((f) => f.field_id === byLabel('ZIP code').field_id);
    expect(zip).toMatchObject({ format: 'zip', condition: null });
  });

  it('detects Spanish cues on a fillable AcroForm with a follow-up in a table row', async () => {
    const done = await importPdf(t, org.apiKey, readFileSync(join(FORMS, 'rules-table-es', 'original.pdf')));
    expect(done.status).toBe('succeeded');
    const res = await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    const es = res.body.fields as WireField[];
    const follow = es.filter((f) => f.condition);
    expect(follow.map((f) => es.find((o) => o.field_id === f.condition!.field_id)?.choice_label)).toEqual([
      'Sí',
      'Sí',
      'Otro',
    ]);
    expect(es.filter((f) => f.format).map((f) => f.format)).toEqual(['birth_date', 'zip', 'ssn']);
    expect(follow.every((f) => es.indexOf(f) > es.findIndex((o) => o.field_id === f.condition!.field_id))).toBe(true);
  });

  describe('PUT /templates/{id}/fields', () => {
    const entries = (change: (entries: WireField[]) => void = () => undefined) => {
      const copy = fields.map((f) => ({ ...f }));
      change(copy);
      return copy;
    };
    const indexOf = (label: string) => fields.findIndex((f) => f.label === label);
    const refused = async (body: WireField[], key: string, message: RegExp) => {
      const before = await latest();
      const res = await put({ base_version: before.version, fields: body }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.field_errors).toContainEqual({
        index: expect.any(Number),
        field: key,
        message: expect.stringMatching(message),
      });
      expect(res.body.error).toMatch(new RegExp(`fields\\[\\d+\\]\\.${key}`));
      expect((await latest()).version).toBe(before.version);
      return res.body.field_errors as { index: number }[];
    };

    it('refuses a condition on a missing field, naming the entry', async () => {
      const at = indexOf('Emergency contact');
      const errors = await refused(
        entries((e) => (e[at].condition = { field_id: 'fld_doesnotexist00000000', equals: true })),
        'condition',
        /not a field of this form/,
      );
      expect(errors[0].index).toBe(at);
    });

    it('refuses a condition on a field that is not a choice field', async () => {
      const at = indexOf('Emergency contact');
      await refused(
        entries((e) => (e[at].condition = { field_id: byLabel('Address').field_id, equals: true })),
        'condition',
        /a text field: it must be a choice option or check box/,
      );
    });

    it('refuses a condition on the field itself', async () => {
      const at = indexOf('Emergency contact');
      await refused(
        entries((e) => (e[at].condition = { field_id: e[at].field_id, equals: true })),
        'condition',
        /itself/,
      );
    });

    it('refuses a condition on a field later in the order', async () => {
      const at = indexOf('Address');
      await refused(
        entries((e) => (e[at].condition = { field_id: option('Do you smoke?', 'Yes').field_id, equals: true })),
        'condition',
        /later in the field order/,
      );
    });

    it('refuses a format that does not fit the kind, and one that is not a format', async () => {
      const dob = indexOf('Date of birth');
      await refused(
        entries((e) => (e[dob].format = 'zip')),
        'format',
        /zip does not fit a date field/,
      );
      const zip = indexOf('ZIP code');
      await refused(
        entries((e) => (e[zip].format = 'birth_date')),
        'format',
        /birth_date does not fit a text field/,
      );
      const before = await latest();
      const res = await put({ base_version: before.version, fields: entries((e) => (e[zip].format = 'postcode')) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/format/);
    });

    it('stores a condition and a format set by hand, and clears them with null', async () => {
      const before = await latest();
      const smokeYes = option('Do you smoke?', 'Yes');
      const contact = indexOf('Emergency contact');
      const zip = indexOf('ZIP code');
      await put({
        base_version: before.version,
        fields: entries((e) => {
          e[contact].condition = { field_id: smokeYes.field_id, equals: true };
          e[zip].format = null;
        }),
      }).expect(200);
      const after = await latest();
      expect(after.fields[contact].condition).toEqual({ field_id: smokeYes.field_id, equals: true });
      expect(after.fields[zip].format).toBeNull();
      await put({
        base_version: after.version,
        fields: after.fields.map((f, i) => ({
          ...f,
          condition: i === contact ? null : f.condition,
          format: i === zip ? 'zip' : f.format,
        })),
      }).expect(200);
      const restored = await latest();
      expect(restored.fields[contact].condition).toBeNull();
      expect(restored.fields[zip].format).toBe('zip');
      fields = restored.fields;
    });
  });

  describe('submit and prefill', () => {
    /** Valid answers for every field: "No" to each question (so every follow-up is hidden). */
    const answers = (extra: Record<string, string | boolean> = {}) => {
      const out: Record<string, string | boolean> = {};
      for (const f of fields) {
        if (['select_one', 'select_many', 'checkbox'].includes(f.kind)) out[f.field_id] = f.choice_label === 'No';
        else if (f.format === 'zip') out[f.field_id] = '75201';
        else if (f.format === 'ssn') out[f.field_id] = '123-45-6789';
        else if (f.kind === 'date') out[f.field_id] = '1990-04-12';
        else out[f.field_id] = `Visible${f.label.replace(/\W/g, '')}`;
      }
      return { ...out, ...extra };
    };

    it('drops the answer of a hidden follow-up: not stored, not in GET /submissions/{id}, its blank empty in the PDF', async () => {
      const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'hidden' });
      const explain = byLabel('If yes, please explain');
      const body = answers({ [explain.field_id]: 'Hiddenanswerxyz' });
      const sent = await submit(t, link.short_code, { answers: body, signatures: {} });
      expect(sent.status).toBe(201);
      const id = await latestSubmissionId(t, org.apiKey);
      const sub = await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200);
      expect(sub.body.answers).not.toHaveProperty(explain.field_id);
      expect(sub.body.answers[byLabel('Address').field_id]).toBe('VisibleAddress');
      await waitForPdfReady(t, org.apiKey, id);
      const text = pdfText(await completedPdf(t, org.apiKey, id));
      expect(text).toContain('VisibleAddress');
      expect(text).not.toContain('Hiddenanswerxyz');
    });

    it('keeps and renders the follow-up while its option is ticked', async () => {
      const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'shown' });
      const explain = byLabel('If yes, please explain');
      const yes = option('Have you had surgery?', 'Yes');
      const no = option('Have you had surgery?', 'No');
      const body = answers({ [yes.field_id]: true, [no.field_id]: false, [explain.field_id]: 'Kneesurgery2019' });
      const sent = await submit(t, link.short_code, { answers: body, signatures: {} });
      expect(sent.status).toBe(201);
      const id = await latestSubmissionId(t, org.apiKey);
      const sub = await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200);
      expect(sub.body.answers[explain.field_id]).toBe('Kneesurgery2019');
      await waitForPdfReady(t, org.apiKey, id);
      expect(pdfText(await completedPdf(t, org.apiKey, id))).toContain('Kneesurgery2019');
    });

    it('refuses values that break a format with 400 naming each field, and stores nothing', async () => {
      const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'bad' });
      const before = (await api(t, org.apiKey).get('/api/v1/submissions?limit=100').expect(200)).body.submissions
        .length;
      const zip = byLabel('ZIP code');
      const dob = byLabel('Date of birth');
      const ssn = byLabel('Social Security number');
      const res = await submit(t, link.short_code, {
        answers: answers({ [zip.field_id]: '7520', [dob.field_id]: '2031-01-01', [ssn.field_id]: '12-345' }),
        signatures: {},
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.fields).toEqual(
        expect.arrayContaining([
          { field_id: zip.field_id, error: expect.stringContaining('is not a ZIP code') },
          { field_id: dob.field_id, error: expect.stringContaining('in the future') },
          { field_id: ssn.field_id, error: expect.stringContaining('is not a Social Security number') },
        ]),
      );
      expect(res.body.fields).toHaveLength(3);
      expect(JSON.stringify(res.body)).not.toContain('7520');
      const after = (await api(t, org.apiKey).get('/api/v1/submissions?limit=100').expect(200)).body.submissions.length;
      expect(after).toBe(before);
    });

    it('refuses a prefill value that breaks a format with 400 naming the field', async () => {
      const zip = byLabel('ZIP code');
      const res = await api(t, org.apiKey)
        .post('/api/v1/fill-links')
        .send({ template_id: templateId, values: [{ field_id: zip.field_id, value: '7520' }] })
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toContain(zip.field_id);
      expect(res.body.error).toContain('is not a ZIP code');
      await api(t, org.apiKey)
        .post('/api/v1/fill-links')
        .send({ template_id: templateId, values: [{ field_id: zip.field_id, value: '75201-1234' }] })
        .expect(201);
    });
  });
});
