import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedTestFont } from '../../test/utils/embedded-fonts';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';

interface Pen {
  page: PDFPage;
  text: (s: string, x: number, y: number, size?: number, bold?: boolean) => void;
  rule: (x1: number, x2: number, y: number) => void;
  box: (x: number, y: number, w: number, h: number) => void;
}

/** One Letter page in embedded Liberation Sans (the metrics of Arial, as word processors print it). */
async function makePdf(draw: (pen: Pen) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: [PDFFont, PDFFont] = [await embedTestFont(doc, 'sans'), await embedTestFont(doc, 'sansBold')];
  const page = doc.addPage([612, 792]);
  const pen: Pen = {
    page,
    text: (s, x, y, size = 10, bold = false) => page.drawText(s, { x, y, size, font: fonts[bold ? 1 : 0] }),
    rule: (x1, x2, y) => page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.7 }),
    box: (x, y, width, height) =>
      page.drawRectangle({ x, y, width, height, borderColor: rgb(0, 0, 0), borderWidth: 0.7 }),
  };
  pen.text('Riverside Family Medicine - Patient Intake', 54, 760, 13, true);
  draw(pen);
  return doc.save();
}

const topDown = (fields: DetectedField[]): DetectedField[] =>
  [...fields].sort((a, b) => b.rect[1] - a.rect[1] || a.rect[0] - b.rect[0]);

describe('layout detector: fills, full-width lines and boxed text', () => {
  it('finds entry boxes drawn as a grey fill with no stroke, labelled by the text above', async () => {
    const pdf = await makePdf(({ page, text }) => {
      const grey = (x: number, y: number, width: number, height: number): void =>
        page.drawRectangle({ x, y, width, height, color: rgb(0.9, 0.9, 0.9) });
      text('First name', 54, 730, 9);
      grey(54, 708, 240, 18);
      text('Last name', 310, 730, 9);
      grey(310, 708, 248, 18);
      text('Reason for your visit today', 54, 690, 9);
      grey(54, 628, 504, 58);
    });
    const got = topDown((await detectFields(pdf)).fields);
    expect(got.map((f) => f.label)).toEqual(['First name', 'Last name', 'Reason for your visit today']);
    expect(got[0].rect[0]).toBeCloseTo(54, 0);
    expect(got[0].rect[3]).toBeLessThanOrEqual(726);
    expect(got[2].multiline).toBe(true);
  });

  it('keeps full-width lines under a label or over a caption, and labels every line of a stack', async () => {
    const pdf = await makePdf(({ text, rule }) => {
      text('Please describe your symptoms:', 54, 730);
      for (const y of [712, 692, 672]) rule(54, 558, y);
      text('List any allergies:', 54, 650);
      rule(54, 558, 632);
      for (const [y, caption] of [
        [560, 'Printed name of patient'],
        [530, 'Relationship to patient'],
        [500, 'Witness'],
      ] as const) {
        rule(54, 558, y);
        text(caption, 54, y - 10, 8);
      }
      rule(40, 572, 60);
      text('Page 1 of 1', 54, 50, 8);
    });
    const got = topDown((await detectFields(pdf)).fields);
    expect(got.map((f) => f.label)).toEqual([
      ...Array<string>(3).fill('Please describe your symptoms'),
      'List any allergies',
      'Printed name of patient',
      'Relationship to patient',
      'Witness',
    ]);
  });

  it('does not make a boxed heading or the cells of a row made tall by wrapped text into fields', async () => {
    const pdf = await makePdf(({ text, rule, box }) => {
      box(54, 700, 504, 30);
      text('MEDICAL HISTORY', 60, 718, 11, true);
      text('Name:', 54, 680);
      rule(90, 558, 678);
      const cols: Array<[number, number, string, string]> = [
        [54, 300, 'Question', 'Ever hospitalized for a heart'],
        [354, 60, 'Year', 'n/a'],
        [414, 60, 'Doctor', 'see list'],
        [474, 84, 'Hospital', 'none'],
      ];
      for (const [x, w, head, cell] of cols) {
        box(x, 630, w, 20);
        text(head, x + 6, 636, 9, true);
        box(x, 600, w, 30);
        text(cell, x + 6, 619, 9);
      }
      text('condition or stroke?', 60, 606, 9);
    });
    const got = (await detectFields(pdf)).fields;
    expect(got.map((f) => f.label)).toEqual(['Name']);
  });
});
