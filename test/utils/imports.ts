import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './create-test-app';
import { api } from './http';
import { waitFor } from './wait-for';

export const FIXTURES = join(__dirname, '..', 'fixtures', 'pdfs');

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

export interface ImportBody {
  import_id: string;
  status: string;
  template_id?: string;
  error?: string;
  error_code?: string;
  [key: string]: unknown;
}

/** POSTs a PDF and waits for the import to finish. */
export async function importPdf(t: TestApp, key: string, pdf: Buffer, extra: object = {}): Promise<ImportBody> {
  const res = await api(t, key)
    .post('/api/v1/imports')
    .send({ pdf_base64: pdf.toString('base64'), filename: 'form.pdf', blank_form_attestation: true, ...extra })
    .expect(202);
  return waitForImport(t, key, (res.body as ImportBody).import_id);
}

export function waitForImport(t: TestApp, key: string, importId: string, timeoutMs = 60_000): Promise<ImportBody> {
  return waitFor(
    async () => {
      const res = await api(t, key).get(`/api/v1/imports/${importId}`);
      const body = res.body as ImportBody;
      return body.status === 'succeeded' || body.status === 'failed' ? body : undefined;
    },
    timeoutMs,
    150,
  );
}
