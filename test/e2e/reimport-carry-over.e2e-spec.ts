import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { importPdf, type ImportBody } from 'test/utils/imports';

jest.setTimeout(120_000);

interface WireField {
  field_id: string;
  kind: string;
  label: string;
  prompt: string;
  page: number;
  rect: number[];
  required: boolean;
  [key: string]: unknown;
}

/** A one-page fillable form: each field a printed label and a text widget to its right. */
async function form(fields: { label: string; y: number; x?: number }[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const acro = doc.getForm();
  fields.forEach(({ label, y, x = 50 }, i) => {
    page.drawText(label, { x, y: y + 5, size: 12, font });
    acro.createTextField(`f${i}`).addToPage(page, { x: x + 110, y, width: 200, height: 20 });
  });
  return Buffer.from(await doc.save());
}

const ORIGINAL = [
  { label: 'Last name', y: 690 },
  { label: 'Date of brith', y: 640 },
  { label: 'Phone', y: 590 },
];
/** The clinic's revision: last name moved a little, the date blank moved far down, phone gone, email added. */
const REVISED = [
  { label: 'Last name', y: 688 },
  { label: 'Email', y: 500 },
  { label: 'Date of brith', y: 300 },
];

describe('re-imports keep staff’s edits', () => {
  let t: TestApp;
  let org: TestOrg;

  const fieldsOf = async (templateId: string, version?: number) =>
    (
      await api(t, org.apiKey)
        .get(`/api/v1/templates/${templateId}/fields${version ? `?version=${version}` : ''}`)
        .expect(200)
    ).body.fields as WireField[];
  const byLabel = (fields: WireField[], label: string) => fields.find((f) => f.label === label);

  /** Imports the original form and edits it as staff would: fix the typo and make it a date, require the phone. */
  async function editedTemplate(): Promise<{ templateId: string; edited: WireField[] }> {
    const first = await importPdf(t, org.apiKey, await form(ORIGINAL));
    expect(first).toMatchObject({ status: 'succeeded', carried_over: 0 });
    const templateId = first.template_id!;
    const detected = await fieldsOf(templateId);
    expect(detected.map((f) => f.label)).toEqual(['Last name', 'Date of brith', 'Phone']);
    const entries = detected.map((f) =>
      f.label === 'Date of brith'
        ? { ...f, label: 'Date of birth', prompt: 'Date of birth', kind: 'date' }
        : f.label === 'Phone'
          ? { ...f, required: true }
          : f,
    );
    await request(t.baseUrl)
      .put(`/api/v1/templates/${templateId}/fields`)
      .set('Authorization', `Bearer ${org.apiKey}`)
      .send({ base_version: 1, fields: entries })
      .expect(200);
    return { templateId, edited: await fieldsOf(templateId) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('a re-import of a changed PDF carries over what still matches and reports what does not', async () => {
    const { templateId, edited } = await editedTemplate();
    const done: ImportBody = await importPdf(t, org.apiKey, await form(REVISED), { template_id: templateId });
    expect(done).toMatchObject({
      status: 'succeeded',
      template_id: templateId,
      template_version: 3,
      carried_over: 1,
      review_required: true,
    });
    expect(done.review_reasons).toContain('Page 1: the edit of "Phone" found no field in the new version');

    const fields = await fieldsOf(templateId);
    // New ids for every field, as the specification says.
    const oldIds = new Set(edited.map((f) => f.field_id));
    expect(fields.every((f) => !oldIds.has(f.field_id))).toBe(true);
    // The date blank moved far (no overlap) but prints the same label in the same section: staff's fix follows it.
    expect(byLabel(fields, 'Date of birth')).toMatchObject({ kind: 'date', prompt: 'Date of birth', page: 1 });
    expect(byLabel(fields, 'Date of birth')!.rect[1]).toBeLessThan(350);
    expect(byLabel(fields, 'Date of brith')).toBeUndefined();
    // The unedited field and the new one are as detected; nothing internal leaks into the field entries.
    expect(byLabel(fields, 'Last name')).toMatchObject({ kind: 'text', required: false });
    expect(byLabel(fields, 'Email')).toMatchObject({ kind: 'email', required: false });
    expect(JSON.stringify(fields)).not.toMatch(/carried|printed/);
    // The previous versions are untouched.
    expect(await fieldsOf(templateId, 2)).toEqual(edited);
  });

  it('a reviewed template whose re-import changed nothing staff touched stays reviewed, edits kept', async () => {
    const { templateId } = await editedTemplate();
    await api(t, org.apiKey).post(`/api/v1/templates/${templateId}/review`).expect(200);
    const same = await importPdf(t, org.apiKey, await form(ORIGINAL), { template_id: templateId });
    expect(same).toMatchObject({ status: 'succeeded', carried_over: 2, review_required: false, review_reasons: [] });
    const fields = await fieldsOf(templateId);
    expect(byLabel(fields, 'Date of birth')).toMatchObject({ kind: 'date' });
    expect(byLabel(fields, 'Phone')).toMatchObject({ required: true });
    const list = (await api(t, org.apiKey).get('/api/v1/templates').expect(200)).body as {
      templates: { template_id: string; review_required: boolean; reviewed_at?: string; version: number }[];
    };
    const entry = list.templates.find((e) => e.template_id === templateId)!;
    expect(entry).toMatchObject({ version: 3, review_required: false, reviewed_at: expect.any(String) });

    // A second re-import with no edit in between still keeps staff's work (the edits travel with the versions).
    const again = await importPdf(t, org.apiKey, await form(ORIGINAL), { template_id: templateId });
    expect(again).toMatchObject({ status: 'succeeded', template_version: 4, carried_over: 2, review_required: false });
    expect(byLabel(await fieldsOf(templateId), 'Date of birth')).toMatchObject({ kind: 'date' });

    // One edit left behind: the template needs review again.
    const revised = await importPdf(t, org.apiKey, await form(REVISED), { template_id: templateId });
    expect(revised).toMatchObject({ carried_over: 1, review_required: true });
    const after = (await api(t, org.apiKey).get('/api/v1/templates').expect(200)).body as typeof list;
    expect(after.templates.find((e) => e.template_id === templateId)).toMatchObject({ review_required: true });
  });
});
