import type { TestApp } from './create-test-app';
import { api } from './http';
import { fixture, importPdf } from './imports';
import { waitFor } from './wait-for';

export interface Field {
  field_id: string;
  kind: string;
  label: string;
  prompt: string;
  choice_label: string | null;
  question_id: string;
  page: number;
  prefillable: boolean;
  required: boolean;
  rect: number[];
  format?: string | null;
  condition?: { field_id: string; equals: true } | null;
}

/** One entry of `PUT /templates/{id}/fields` as a test writes it (no field_id: a new field). */
export interface FieldEntry {
  field_id?: string;
  kind: string;
  page: number;
  rect: [number, number, number, number];
  label: string;
  prompt: string;
  choice_label?: string;
  question_id?: string;
  required?: boolean;
  section: string;
  mark?: 'check' | 'circle';
  format?: string | null;
  condition?: { field_id: string; equals: true } | null;
}

/**
 * Imports `pdf` and saves the field map `entries` makes of the detected one (a reviewer's map); answers the
 * template, the saved version and its fields with their ids.
 */
export async function importWithMap(
  t: TestApp,
  key: string,
  pdf: Buffer,
  entries: (detected: Field[]) => object[],
  extra: object = {},
): Promise<{ templateId: string; version: number; fields: Field[] }> {
  const done = await importPdf(t, key, pdf, extra);
  if (done.status !== 'succeeded') throw new Error(`import failed: ${done.error}`);
  const templateId = done.template_id!;
  const detected = (await api(t, key).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body;
  const saved = await api(t, key)
    .put(`/api/v1/templates/${templateId}/fields`)
    .send({ base_version: detected.version, fields: entries(detected.fields as Field[]) })
    .expect(200);
  return { templateId, version: saved.body.version as number, fields: saved.body.fields as Field[] };
}

/** A value each kind and format accepts (answer rules), for fields that are not plain text. */
const VALID_BY_RULE: Record<string, string> = {
  phone: '604 555 0134',
  email: 'zoe@example.org',
  number: '42',
  initials: 'ZÐ',
  zip: '75201',
  ssn: '123-45-6789',
};

/** Imports a fixture PDF and returns its template id and latest field map. */
export async function templateFrom(
  t: TestApp,
  key: string,
  pdfFixture: string,
): Promise<{ templateId: string; fields: Field[] }> {
  const done = await importPdf(t, key, fixture(pdfFixture));
  if (done.status !== 'succeeded') throw new Error(`import failed: ${done.error}`);
  const res = await api(t, key).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
  return { templateId: done.template_id!, fields: res.body.fields as Field[] };
}

export async function createLink(
  t: TestApp,
  key: string,
  body: object,
): Promise<{ short_code: string; fill_link_id: string; url: string }> {
  const res = await api(t, key).post('/api/v1/fill-links').send(body).expect(201);
  return res.body;
}

/** A tiny valid PNG (1x1, transparent). */
export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Answers for every field: text a string, other text-like kinds and formats a value their rule accepts, date a
 * date, the first option of each question true.
 */
export function answersFor(
  fields: Field[],
  text = 'Zoë Ðorđević',
): { answers: Record<string, string | boolean>; signatures: Record<string, string> } {
  const answers: Record<string, string | boolean> = {};
  const signatures: Record<string, string> = {};
  const chosen = new Set<string>();
  for (const f of fields) {
    if (f.kind === 'signature') signatures[f.field_id] = PNG_1X1;
    else if (f.kind === 'date') answers[f.field_id] = '1990-04-12';
    else if (['select_one', 'select_many'].includes(f.kind)) {
      const first = f.question_id ? !chosen.has(f.question_id) : true;
      if (f.question_id) chosen.add(f.question_id);
      answers[f.field_id] = first;
    } else if (f.kind === 'checkbox') answers[f.field_id] = true;
    else answers[f.field_id] = VALID_BY_RULE[f.format ?? ''] ?? VALID_BY_RULE[f.kind] ?? text;
  }
  return { answers, signatures };
}

export async function submit(t: TestApp, shortCode: string, body: object) {
  return api(t).post(`/f/${shortCode}/submit`).send(body);
}

export async function waitForPdfReady(
  t: TestApp,
  key: string,
  submissionId: string,
  timeoutMs = 60_000,
): Promise<void> {
  await waitFor(
    async () => {
      const res = await api(t, key).get(`/api/v1/submissions/${submissionId}`);
      return res.body.completed_pdf_status === 'ready' ? true : undefined;
    },
    timeoutMs,
    200,
  );
}

/** The newest submission of the key's organization. */
export async function latestSubmissionId(t: TestApp, key: string): Promise<string> {
  const res = await api(t, key).get('/api/v1/submissions?limit=1').expect(200);
  return res.body.submissions[0].submission_id as string;
}

/** The completed PDF of a submission through `GET /submissions/{id}/pdf`, as bytes (200 expected). */
export async function completedPdf(t: TestApp, key: string, submissionId: string): Promise<Buffer> {
  const res = await api(t, key)
    .get(`/api/v1/submissions/${submissionId}/pdf`)
    .buffer(true)
    .parse((stream, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}
