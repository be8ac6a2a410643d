import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { scanPdf } from 'test/utils/scanned-copies';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import type { Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';

/** A photocopied form through the real API: imported, read by OCR in the sandbox, and flagged for review. */
describe('importing a scanned (image-only) form', () => {
  let t: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('becomes a field map read by OCR, with a review reason naming the page', async () => {
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const page = doc.addPage([612, 792]);
    ['Last name', 'First name', 'Phone number'].forEach((label, i) => {
      page.drawText(`${label}:`, { x: 72, y: 680 - i * 30, size: 12, font });
      page.drawLine({ start: { x: 190, y: 678 - i * 30 }, end: { x: 520, y: 678 - i * 30 }, thickness: 1 });
    });
    page.drawText('Do you smoke?', { x: 72, y: 560, size: 12, font });
    for (const [i, option] of ['Yes', 'No'].entries()) {
      page.drawRectangle({ x: 220 + i * 80, y: 558, width: 11, height: 11, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      page.drawText(option, { x: 236 + i * 80, y: 560, size: 12, font });
    }
    const scanned = Buffer.from(await scanPdf(await doc.save(), { skewDeg: 1, noise: 0.002 }));

    const done = await importPdf(t, org.apiKey, scanned);
    expect(done).toMatchObject({ status: 'succeeded', detector: 'ocr', review_required: true });
    expect((done.review_reasons as string[])[0]).toMatch(/Page 1 was read by OCR/);
    const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200)).body
      .fields as (Field & { confidence: number })[];
    expect(fields.map((f) => f.label)).toEqual(expect.arrayContaining(['Last name', 'First name', 'Yes', 'No']));
    expect(fields.find((f) => f.label === 'Phone number')?.kind).toBe('phone');
    expect(Math.max(...fields.map((f) => f.confidence))).toBeLessThanOrEqual(0.75);
  });
});
