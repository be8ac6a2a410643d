/**
 * A fillable PDF one of whose pages is only an image (a consent scanned and pasted into a word-processor form, then
 * made fillable): the AcroForm path reads that page by OCR, so its widgets take their printed labels and the
 * signature line the author gave no widget is still reported.
 */
import { PDFDocument } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { judgeOcrWithoutTimeLimits, scanPdf } from 'test/utils/scanned-copies';
import { detectFields } from './index';

jest.setTimeout(300_000);
judgeOcrWithoutTimeLimits();

async function consentPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const page = doc.addPage([612, 792]);
  page.drawText('CONSENT TO RELEASE INFORMATION', { x: 72, y: 720, size: 14, font });
  page.drawText('Family member allowed:', { x: 72, y: 660, size: 12, font });
  page.drawLine({ start: { x: 215, y: 658 }, end: { x: 520, y: 658 }, thickness: 1 });
  page.drawText('This consent was signed by:', { x: 72, y: 600, size: 12, font });
  page.drawLine({ start: { x: 240, y: 598 }, end: { x: 520, y: 598 }, thickness: 1 });
  return doc.save();
}

describe('AcroForm path: a page that is only an image', () => {
  it('reads the page by OCR: widgets get their printed labels, the unwidgeted signature line is reported', async () => {
    const doc = await PDFDocument.load(await scanPdf(await consentPage(), { dpi: 200 }));
    const field = doc.getForm().createTextField('Text1');
    field.addToPage(doc.getPage(0), { x: 215, y: 659, width: 305, height: 14, borderWidth: 0 });
    const result = await detectFields(await doc.save());
    expect(result.detector).toBe('acroform');
    const member = result.fields.find((f) => f.rect[0] === 215);
    expect(member?.label).toMatch(/^Family member allowed$/i);
    const signature = result.fields.find((f) => f.kind === 'signature');
    expect(signature?.label).toMatch(/signed by/i);
    expect(signature?.rect[0]).toBeGreaterThan(230);
    expect(result.reviewReasons.join(' ')).toMatch(/Page 1 was read by OCR/);
  });
});
