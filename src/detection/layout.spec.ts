import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';

async function makePdf(draw: (page: PDFPage, font: PDFFont) => void, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) draw(doc.addPage([612, 792]), font);
  return doc.save();
}

const text = (page: PDFPage, font: PDFFont, s: string, x: number, y: number, size = 10): void =>
  page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number): void =>
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.6, color: rgb(0, 0, 0) });
const rect = (page: PDFPage, x: number, y: number, w: number, h: number): void =>
  page.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });

const byLabel = (fields: DetectedField[], label: string): DetectedField | undefined =>
  fields.find((f) => f.label === label);

describe('detectFields on flat layouts', () => {
  it('turns an underscore blank after a label into a text field over the blank', async () => {
    const pdf = await makePdf((p, f) => text(p, f, 'Last name*: ______________________', 72, 700));
    const res = await detectFields(pdf);
    expect(res.detector).toBe('layout');
    expect(res.fields).toHaveLength(1);
    const [field] = res.fields;
    expect(field.kind).toBe('text');
    expect(field.label).toBe('Last name');
    expect(field.required).toBe(true);
    const labelEnd =
      72 +
      (await PDFDocument.create().then((d) => d.embedFont(StandardFonts.Helvetica))).widthOfTextAtSize(
        'Last name*: ',
        10,
      );
    expect(field.rect[0]).toBeGreaterThan(labelEnd - 2);
    expect(field.rect[3] - field.rect[1]).toBeGreaterThanOrEqual(12);
    expect(field.rect[3] - field.rect[1]).toBeLessThanOrEqual(16);
  });

  it('turns a ruled line after a label into a text field in the band above the rule, and a DOB label into a date', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Date of birth:', 72, 702);
      line(p, 150, 700, 350, 700);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    expect(res.fields[0]).toMatchObject({ kind: 'date', label: 'Date of birth' });
    expect(res.fields[0].rect[0]).toBeCloseTo(150, 0);
    expect(res.fields[0].rect[1]).toBeGreaterThanOrEqual(699.5);
    expect(res.fields[0].rect[1]).toBeLessThan(702);
  });

  it('does not take a section heading underline for a field', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Patient Information', 72, 702, 12);
      line(p, 72, 699, 540, 699);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(0);
  });

  it('uses an empty box as a text field (interior) labelled by the text inside its top-left corner', async () => {
    const pdf = await makePdf((p, f) => {
      rect(p, 72, 600, 300, 28);
      text(p, f, 'Email address', 74, 620, 7);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    const [field] = res.fields;
    expect(field).toMatchObject({ kind: 'email', label: 'Email address' });
    expect(field.rect[3]).toBeLessThan(620);
    expect(field.rect[1]).toBeGreaterThanOrEqual(600);
  });

  it('groups a "check all that apply" row of [ ] boxes into one select_many question with option labels', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Symptoms (check all that apply): [ ] Fever [ ] Cough [ ] Headache', 72, 700);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(3);
    expect(res.fields.every((x) => x.kind === 'select_many')).toBe(true);
    expect(new Set(res.fields.map((x) => x.questionKey)).size).toBe(1);
    expect(res.fields.map((x) => x.choiceLabel)).toEqual(['Fever', 'Cough', 'Headache']);
    expect(res.fields[0].prompt).toMatch(/^Symptoms/);
  });

  it('reads a ( ) Yes ( ) No pair as one select_one question', async () => {
    const pdf = await makePdf((p, f) => text(p, f, 'Do you smoke? ( ) Yes ( ) No', 72, 700));
    const res = await detectFields(pdf);
    expect(res.fields.map((x) => x.kind)).toEqual(['select_one', 'select_one']);
    expect(res.fields.map((x) => x.choiceLabel)).toEqual(['Yes', 'No']);
    expect(res.fields[0].questionKey).toBe(res.fields[1].questionKey);
    expect(res.fields[0].prompt).toBe('Do you smoke?');
    // bracket to bracket, a few points wide
    expect(res.fields[0].rect[2] - res.fields[0].rect[0]).toBeGreaterThan(4);
    expect(res.fields[0].rect[2] - res.fields[0].rect[0]).toBeLessThan(14);
  });

  it('treats a lone drawn square before a statement as a checkbox', async () => {
    const pdf = await makePdf((p, f) => {
      rect(p, 72, 698, 9, 9);
      text(p, f, 'I agree to the terms above', 86, 699);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    expect(res.fields[0]).toMatchObject({ kind: 'checkbox', label: 'I agree to the terms above', questionKey: null });
    expect(res.fields[0].rect[2] - res.fields[0].rect[0]).toBeCloseTo(9, 0);
  });

  it('finds one field per empty table cell labelled by the column header, with the row header in the prompt', async () => {
    const pdf = await makePdf((p, f) => {
      const xs = [72, 200, 330, 460];
      const ys = [700, 680, 660, 640];
      for (const y of ys) line(p, xs[0], y, xs[3], y);
      for (const x of xs) line(p, x, ys[3], x, ys[0]);
      text(p, f, 'Medication', 204, 686);
      text(p, f, 'Dose', 334, 686);
      text(p, f, 'Morning', 76, 666);
      text(p, f, 'Evening', 76, 646);
      text(p, f, 'Schedule', 76, 686);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(4);
    expect(res.fields.filter((x) => x.label === 'Medication')).toHaveLength(2);
    expect(res.fields.filter((x) => x.label === 'Dose')).toHaveLength(2);
    expect(res.fields.some((x) => x.prompt.includes('Morning'))).toBe(true);
  });

  it('marks a signature line as a signature field', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Patient signature: ______________________________', 72, 200);
      text(p, f, 'Date: ______________', 400, 200);
    });
    const res = await detectFields(pdf);
    expect(byLabel(res.fields, 'Patient signature')?.kind).toBe('signature');
    expect(byLabel(res.fields, 'Date')?.kind).toBe('date');
  });

  it('asks for review when a page has no text layer', async () => {
    const pdf = await makePdf((p) => rect(p, 72, 600, 200, 20), 2);
    const res = await detectFields(pdf);
    expect(res.reviewRequired).toBe(true);
    expect(res.reviewReasons).toContain('Page 1 has no text layer: fields must be placed by hand');
    expect(res.reviewReasons).toContain('Page 2 has no text layer: fields must be placed by hand');
  });

  it('throws a clear error on bytes that are not a PDF', async () => {
    await expect(detectFields(new TextEncoder().encode('this is not a pdf at all'))).rejects.toThrow(
      /Cannot read the PDF/,
    );
  });
});
