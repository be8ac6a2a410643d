import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuditService } from 'src/audit/audit.service';
import { TemplateEditsService } from 'src/templates/template-edits.service';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { answersFor, createLink, latestSubmissionId, submit, waitForPdfReady, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { fixture, importPdf } from 'test/utils/imports';
import { startReceiver, verifySignature, type WebhookReceiver, registerWebhook } from 'test/utils/webhook-receiver';

// Imports, 2,000-field saves and renders share 2 cores with other work: allow more than the default minute.
jest.setTimeout(180_000);

interface WireField extends Field {
  confidence: number;
  section: string;
  mark?: string;
}

/** The entry of a GET field as PUT takes it back (GET's read-only keys included: they are ignored). */
const asEntry = (f: WireField) => ({ ...f });

describe('template edits: PUT fields, versions, events, audit, rendering', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let receiver: WebhookReceiver;

  const put = (key: string, templateId: string, body: object) =>
    request(t.baseUrl).put(`/api/v1/templates/${templateId}/fields`).set('Authorization', `Bearer ${key}`).send(body);

  async function imported(name: string, owner = org): Promise<{ templateId: string; fields: WireField[] }> {
    const done = await importPdf(t, owner.apiKey, fixture(name));
    expect(done.status).toBe('succeeded');
    const res = await api(t, owner.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    return { templateId: done.template_id!, fields: res.body.fields as WireField[] };
  }

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('writes version N+1 keeping kept ids; the old version stays; the template.updated webhook arrives signed', async () => {
    const hook = await registerWebhook(t, org.apiKey, receiver.url, ['template.updated']);
    const { templateId, fields } = await imported('underscore-classic-1001.flat.pdf');
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const texts = fields.filter((f) => f.kind === 'text' && f.page === 1);
    const [moved, relabelled, dropped] = texts;
    const kept = fields.filter((f) => f.field_id !== dropped.field_id);
    const body = {
      base_version: 1,
      fields: [
        ...kept.map((f) =>
          f.field_id === moved.field_id
            ? { ...asEntry(f), rect: [72, 100, 250, 114] }
            : f.field_id === relabelled.field_id
              ? { ...asEntry(f), label: 'Preferred name', prompt: 'Preferred name' }
              : asEntry(f),
        ),
        { kind: 'text', page: 1, rect: [300, 100, 500, 114], label: 'Pharmacy', prompt: 'Pharmacy' },
        {
          kind: 'select_one',
          page: 1,
          rect: [72, 60, 84, 72],
          choice_label: 'Yes',
          question_id: 'new-q',
          prompt: 'Ok?',
        },
        {
          kind: 'select_one',
          page: 1,
          rect: [120, 60, 132, 72],
          choice_label: 'No',
          question_id: 'new-q',
          prompt: 'Ok?',
        },
      ],
    };
    const res = await put(org.apiKey, templateId, body).expect(200);
    expect(res.body.template_id).toBe(templateId);
    expect(res.body.version).toBe(2);
    const out = res.body.fields as WireField[];
    expect(out).toHaveLength(kept.length + 3);
    expect(out.slice(0, kept.length).map((f) => f.field_id)).toEqual(kept.map((f) => f.field_id));
    expect(out.map((f) => f.field_id)).not.toContain(dropped.field_id);
    const fresh = out.slice(kept.length);
    for (const f of fresh) expect(fields.map((x) => x.field_id)).not.toContain(f.field_id);
    expect(fresh[1].question_id).toMatch(/^q_[0-9A-Za-z]{20,}$/);
    expect(fresh[2].question_id).toBe(fresh[1].question_id);
    expect(out.find((f) => f.field_id === moved.field_id)!.rect).toEqual([72, 100, 250, 114]);
    expect(out.find((f) => f.field_id === relabelled.field_id)!.label).toBe('Preferred name');
    // Existing question ids are kept.
    const oldQuestions = new Set(fields.map((f) => f.question_id).filter(Boolean));
    for (const f of out.slice(0, kept.length)) if (f.question_id) expect(oldQuestions.has(f.question_id)).toBe(true);

    const latest = await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200);
    expect(latest.body).toEqual(res.body);
    const v1 = await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields?version=1`).expect(200);
    expect(v1.body.fields).toEqual(fields);
    const list = await api(t, org.apiKey).get('/api/v1/templates').expect(200);
    const entry = list.body.templates.find((x: { template_id: string }) => x.template_id === templateId);
    expect(entry).toMatchObject({ version: 2, detector: 'edited', field_count: kept.length + 3 });

    // A link minted before the edit serves the new version at once.
    const page = await api(t).get(`/f/${link.short_code}`).expect(200);
    expect(page.text).toContain(`data-field-id="${fresh[0].field_id}"`);
    expect(page.text).toContain('Preferred name');
    expect(page.text).not.toContain(`data-field-id="${dropped.field_id}"`);

    // The dropped id is gone for prefill: 422 unknown_field.
    const refused = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, values: [{ field_id: dropped.field_id, value: 'x' }] })
      .expect(422);
    expect(JSON.stringify(refused.body)).toContain('unknown_field');

    const [arrived] = await receiver.waitForRequests(1);
    expect(verifySignature(hook.secret, arrived.signature, arrived.body)).toBe(true);
    const envelope = JSON.parse(arrived.body);
    expect(envelope).toEqual({
      event: 'template.updated',
      timestamp: expect.stringMatching(/Z$/),
      org_id: org.orgId,
      data: { template_id: templateId, version: 2 },
    });

    const audit = await t.app.get(AuditService).forTemplate(org.orgId, templateId);
    expect(audit.map((a) => [a.action, a.templateVersion, a.apiKeyId, a.editorSessionId])).toEqual([
      ['template.edited', 2, org.keyId, null],
    ]);
  });

  it('saves every imported map unchanged; every field has a question id, shared only by the options of a question', async () => {
    for (const name of ['irs-w9-2024.flat.pdf', 'irs-w9-2024.original.pdf', 'word-table-1032.flat.pdf']) {
      const { templateId, fields } = await imported(name);
      const own = fields.filter((f) => f.kind !== 'select_one' && f.kind !== 'select_many');
      expect(fields.every((f) => typeof f.question_id === 'string' && f.question_id.startsWith('q_'))).toBe(true);
      expect(new Set(own.map((f) => f.question_id)).size).toBe(own.length);
      expect(fields.some((f) => own.some((o) => o !== f && o.question_id === f.question_id))).toBe(false);
      const res = await put(org.apiKey, templateId, { base_version: 1, fields: fields.map(asEntry) });
      expect([name, res.status, res.body.error?.message]).toEqual([name, 200, undefined]);
      const saved = res.body.fields as WireField[];
      expect(saved.map((f) => [f.field_id, f.question_id])).toEqual(fields.map((f) => [f.field_id, f.question_id]));
    }
  });

  it('four saves from one base version: exactly one wins, the others get 409 VERSION_CONFLICT', async () => {
    const { templateId, fields } = await imported('underscore-classic-1001.flat.pdf');
    const body = { base_version: 1, fields: fields.map(asEntry) };
    const results = await Promise.all([1, 2, 3, 4].map(() => put(org.apiKey, templateId, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.body).toMatchObject({ code: 'VERSION_CONFLICT', latest_version: 2 });
    const stale = await put(org.apiKey, templateId, body).expect(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', latest_version: 2 });
    await put(org.apiKey, templateId, { ...body, base_version: 3 }).expect(409);
    const next = await put(org.apiKey, templateId, { ...body, base_version: 2 }).expect(200);
    expect(next.body.version).toBe(3);
    // Kept ids survive every edit.
    expect(next.body.fields.map((f: WireField) => f.field_id)).toEqual(fields.map((f) => f.field_id));
  });

  it('answers 400 naming the entry and the rule, each at its edge', async () => {
    const { templateId, fields } = await imported('underscore-classic-1001.flat.pdf');
    // Versions stored before edits existed have no page boxes: they are read from the PDF once, then kept.
    const db = t.app.get(DataSource);
    await db.query(`UPDATE template_versions SET page_boxes = NULL WHERE template_id = $1`, [templateId]);
    const view = await t.app.get(TemplateEditsService).getLatestForEditor(org.orgId, templateId);
    expect(view.pageBoxes[0]).toEqual({ page: 1, box: [0, 0, expect.any(Number), expect.any(Number)], rotate: 0 });
    const [stored] = await db.query(`SELECT page_boxes FROM template_versions WHERE template_id = $1`, [templateId]);
    expect(stored.page_boxes).toEqual(view.pageBoxes);
    const [x1, y1, x2, y2] = view.pageBoxes[0].box;
    const text = (rect: number[]) => ({ kind: 'text', page: 1, rect });
    const refuse = async (fieldsBody: object[], expected: RegExp) => {
      const res = await put(org.apiKey, templateId, { base_version: 1, fields: fieldsBody }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(expected);
      return res.body;
    };

    const unknownKind = await refuse(
      [text([10, 10, 50, 20]), { ...text([10, 10, 50, 20]), kind: 'textarea' }],
      /fields\.1\.kind/,
    );
    expect(unknownKind.error).toContain('kind must be one of');
    const off = await refuse([text([x1, y1, x2 + 1, y2])], /fields\[0\]\.rect: .* is off page 1/);
    expect(off.field_errors).toEqual([{ index: 0, field: 'rect', message: expect.stringContaining('off page 1') }]);
    await refuse([text([x1, y1 - 0.5, x2, y2])], /fields\[0\]\.rect/);
    await refuse([{ ...text([10, 10, 50, 20]), page: view.pageCount + 1 }], /fields\[0\]\.page: the PDF has/);
    await refuse(
      [
        { kind: 'select_many', page: 1, rect: [10, 10, 20, 20], question_id: 'q', choice_label: 'A' },
        { kind: 'select_many', page: 1, rect: [30, 10, 40, 20], question_id: 'q' },
      ],
      /fields\[1\]\.choice_label: a select_many field needs its option text/,
    );
    await refuse(
      [{ kind: 'select_one', page: 1, rect: [10, 10, 20, 20], question_id: 'q', choice_label: 'Yes' }],
      /fields\[0\]\.question_id: a select_one question needs at least two options/,
    );
    await refuse([{ ...asEntry(fields[0]) }, { ...asEntry(fields[0]) }], /fields\[1\]\.field_id: repeats fields\[0\]/);
    await refuse(
      [{ ...text([10, 10, 50, 20]), field_id: 'fld_00000000000000000000000' }],
      /is not a field of version 1/,
    );

    // Nothing was written by the refusals; the exact page box and 2,000 fields are accepted.
    const many = Array.from({ length: 2000 }, (_, i) => text([x1, y1, x1 + 10 + (i % 50), y1 + 10]));
    await refuse([...many, text([10, 10, 50, 20])], /fields: fields must contain no more than 2000 elements/);
    const ok = await put(org.apiKey, templateId, {
      base_version: 1,
      fields: [text([x1, y1, x2, y2]), ...many.slice(1)],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(2);
    expect(ok.body.fields).toHaveLength(2000);
  });

  it("guards the scope and another organization's templates (404)", async () => {
    const { templateId, fields } = await imported('underscore-classic-1001.flat.pdf');
    const readOnly = await createKey(t.app, org.orgId, ['templates:read']);
    const body = { base_version: 1, fields: fields.map(asEntry) };
    const denied = await put(readOnly, templateId, body).expect(403);
    expect(denied.body).toMatchObject({ code: 'SCOPE_REQUIRED', required_scope: 'templates:write' });
    await api(t, readOnly).post(`/api/v1/templates/${templateId}/review`).expect(403);
    await api(t, readOnly).post(`/api/v1/templates/${templateId}/editor-sessions`).expect(403);
    for (const res of [
      await put(other.apiKey, templateId, body),
      await api(t, other.apiKey).post(`/api/v1/templates/${templateId}/review`),
      await api(t, other.apiKey).post(`/api/v1/templates/${templateId}/editor-sessions`),
      await put(other.apiKey, 'tpl_nope', body),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const writer = await createKey(t.app, org.orgId, ['templates:write']);
    await put(writer, templateId, body).expect(200);
  });

  it('fill links serve the edit at once; old submissions keep their version; the PDF uses the edited rects', async () => {
    const { templateId, fields } = await imported('irs-w9-2024.original.pdf');
    const link = await createLink(t, org.apiKey, { template_id: templateId, max_responses: 0 });
    await submit(t, link.short_code, answersFor(fields)).then((r) => expect(r.status).toBe(201));
    const before = await latestSubmissionId(t, org.apiKey);

    const texts = fields.filter((f) => f.kind === 'text' && f.page === 1);
    const [moved, kept] = texts;
    const newRect = [100, 40, 400, 60];
    const edited = await put(org.apiKey, templateId, {
      base_version: 1,
      fields: fields.map((f) => (f.field_id === moved.field_id ? { ...asEntry(f), rect: newRect } : asEntry(f))),
    }).expect(200);
    expect(edited.body.version).toBe(2);

    const page = await api(t).get(`/f/${link.short_code}`).expect(200);
    expect(page.text).toContain(`data-field-id="${moved.field_id}"`);
    const answers = answersFor(fields);
    answers.answers[moved.field_id] = 'Movedhere';
    answers.answers[kept.field_id] = 'Keptwidget';
    await submit(t, link.short_code, answers).then((r) => expect(r.status).toBe(201));
    const after = await latestSubmissionId(t, org.apiKey);
    expect((await api(t, org.apiKey).get(`/api/v1/submissions/${before}`)).body.template_version).toBe(1);
    expect((await api(t, org.apiKey).get(`/api/v1/submissions/${after}`)).body.template_version).toBe(2);

    await waitForPdfReady(t, org.apiKey, after);
    const pdf = await api(t, org.apiKey).get(`/api/v1/submissions/${after}/pdf`).buffer(true).expect(200);
    const dir = mkdtempSync(join(tmpdir(), 'edit-'));
    writeFileSync(join(dir, 'out.pdf'), pdf.body as Buffer);
    const bbox = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', join(dir, 'out.pdf'), '-'], {
      encoding: 'utf8',
    });
    const height = (await t.app.get(TemplateEditsService).getLatestForEditor(org.orgId, templateId)).pageBoxes[0]
      .box[3];
    const word = (text: string) => {
      const m = new RegExp(
        `<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${text}</word>`,
      ).exec(bbox);
      expect(m).not.toBeNull();
      return m!.slice(1).map(Number);
    };
    // pdftotext measures from the top: the rect [x1, y1, x2, y2] spans height - y2 .. height - y1.
    const [mx1, my1, mx2, my2] = word('Movedhere');
    expect(mx1).toBeGreaterThanOrEqual(newRect[0]);
    expect(mx2).toBeLessThanOrEqual(newRect[2]);
    expect(my1).toBeGreaterThanOrEqual(height - newRect[3] - 1);
    expect(my2).toBeLessThanOrEqual(height - newRect[1] + 1);
    // The kept AcroForm field still fills its widget where it was.
    const [kx1, ky1, kx2, ky2] = word('Keptwidget');
    // (the widget's own text layout may put glyph tops a little above the widget)
    expect(kx1).toBeGreaterThanOrEqual(kept.rect[0] - 2);
    expect(kx2).toBeLessThanOrEqual(kept.rect[2] + 2);
    expect(ky1).toBeGreaterThanOrEqual(height - kept.rect[3] - 2);
    expect(ky2).toBeLessThanOrEqual(height - kept.rect[1] + 2);
  });
});
