import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';

async function makePdf(draw: (page: PDFPage, font: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  draw(doc.addPage([612, 792]), font);
  return doc.save();
}

const text = (page: PDFPage, font: PDFFont, s: string, x: number, y: number, size = 8): void =>
  page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.6): void =>
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(0, 0, 0) });
const rect = (page: PDFPage, x: number, y: number, w: number, h: number): void =>
  page.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0, 0, 0), borderWidth: 0.6 });
/** A printed dash between the parts of a number, drawn as a short thick stroke (VA forms). */
const dash = (page: PDFPage, x: number, y: number): void => line(page, x, y, x + 7, y, 1.4);

const sorted = (fields: DetectedField[]): DetectedField[] => [...fields].sort((a, b) => a.rect[0] - b.rect[0]);

describe('detectFields on boxless and open-edged layouts', () => {
  it('merges a row of touching equal boxes into one comb field per group between dashes', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Social security number', 400, 724);
      const groups = [3, 2, 4];
      let x = 400;
      for (const [g, n] of groups.entries()) {
        for (let i = 0; i < n; i++) rect(p, x + 14 * i, 696, 14, 22);
        x += 14 * n;
        if (g < groups.length - 1) {
          text(p, f, '–', x + 4, 703, 10);
          x += 14;
        }
      }
    });
    const res = await detectFields(pdf);
    const combs = sorted(res.fields.filter((x) => x.combCells));
    expect(combs.map((x) => x.combCells)).toEqual([3, 2, 4]);
    expect(combs.every((x) => x.kind === 'text')).toBe(true);
    expect(combs[0].rect[0]).toBeCloseTo(401, 0);
    expect(combs[0].rect[2]).toBeCloseTo(441, 0);
    expect(res.fields.filter((x) => x.kind === 'checkbox' || x.kind === 'select_one')).toHaveLength(0);
  });

  it('turns a rule with "Signature" printed under it into a signature field on the rule', async () => {
    const pdf = await makePdf((p, f) => {
      line(p, 72, 150, 300, 150);
      text(p, f, 'Signature of applicant', 72, 141);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    expect(res.fields[0]).toMatchObject({ kind: 'signature', label: 'Signature of applicant' });
    expect(res.fields[0].rect[1]).toBeGreaterThanOrEqual(149.5);
    expect(res.fields[0].rect[1]).toBeLessThan(152);
  });

  it('labels a text field on a rule from the caption printed below the rule', async () => {
    const pdf = await makePdf((p, f) => {
      line(p, 72, 500, 300, 500);
      text(p, f, 'Name of employer', 72, 491);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    expect(res.fields[0]).toMatchObject({ kind: 'text', label: 'Name of employer' });
    expect(res.fields[0].rect[0]).toBeCloseTo(72, 0);
    expect(res.fields[0].rect[2]).toBeCloseTo(300, 0);
  });

  it('closes a cell whose rules above and below end together at the margin (IRS amount column)', async () => {
    const pdf = await makePdf((p, f) => {
      for (const y of [700, 688, 676]) line(p, 72, y, 540, y);
      line(p, 460, 676, 460, 700);
      line(p, 440, 676, 440, 700);
      text(p, f, 'Amount from Schedule 2, line 3', 80, 691);
      text(p, f, '17', 445, 691);
      text(p, f, 'Add lines 16 and 17', 80, 679);
      text(p, f, '18', 445, 679);
    });
    const res = await detectFields(pdf);
    const amounts = res.fields.filter((x) => x.rect[0] > 455);
    expect(amounts).toHaveLength(2);
    for (const a of amounts) {
      expect(a.kind).toBe('text');
      expect(a.rect[0]).toBeCloseTo(461, 0);
      expect(a.rect[2]).toBeCloseTo(539, 0);
    }
    expect(res.fields.filter((x) => x.rect[2] < 440)).toHaveLength(0);
  });

  it('splits a boxless number at its printed dashes into one field per part, replacing the cell', async () => {
    const pdf = await makePdf((p, f) => {
      rect(p, 30, 400, 200, 30);
      text(p, f, '2. SOCIAL SECURITY NUMBER', 34, 421, 7);
      dash(p, 92, 410);
      dash(p, 143, 410);
    });
    const res = await detectFields(pdf);
    const parts = sorted(res.fields);
    expect(parts).toHaveLength(3);
    expect(parts[0].rect[2]).toBeCloseTo(88, 0);
    expect(parts[1].rect[0]).toBeCloseTo(103, 0);
    expect(parts[1].rect[2]).toBeCloseTo(139, 0);
    expect(parts[2].rect[0]).toBeCloseTo(154, 0);
    // The last part is sized from the middle one (no right edge is printed).
    expect(parts[2].rect[2] - parts[2].rect[0]).toBeGreaterThan(50);
    expect(parts[2].rect[2] - parts[2].rect[0]).toBeLessThan(70);
    for (const x of parts) {
      expect(x.rect[1]).toBeGreaterThan(400);
      expect(x.rect[3]).toBeLessThan(421);
    }
  });

  it('finds the empty space after a label up to the next label on a ruled row as a field', async () => {
    const pdf = await makePdf((p, f) => {
      rect(p, 24, 600, 564, 24);
      text(p, f, 'City or County', 30, 608, 7);
      text(p, f, 'State/Province', 392, 608, 7);
    });
    const res = await detectFields(pdf);
    const city = res.fields.find((x) => x.label === 'City or County');
    const state = res.fields.find((x) => x.label === 'State/Province');
    expect(city?.kind).toBe('text');
    expect(city?.rect[0]).toBeGreaterThan(75);
    expect(city?.rect[2]).toBeLessThan(392);
    expect(city?.rect[2]).toBeGreaterThan(380);
    expect(state?.rect[2]).toBeLessThanOrEqual(588);
    expect(state?.rect[0]).toBeGreaterThan(440);
  });

  it('does not take a numbered box caption, a page footer or a full-width section rule for a blank', async () => {
    const pdf = await makePdf((p, f) => {
      rect(p, 24, 600, 564, 30);
      text(p, f, '8. CLAIMANT TYPE', 30, 620, 7);
      line(p, 24, 40, 588, 40);
      text(p, f, 'Form 1234 (Rev. 2024)', 30, 30, 7);
      line(p, 24, 300, 588, 300);
      text(p, f, 'Some instructions above the rule', 30, 304, 8);
    });
    const res = await detectFields(pdf);
    expect(res.fields.filter((x) => x.rect[1] >= 600 && x.rect[1] < 615 && x.rect[0] > 100)).toHaveLength(0);
    expect(res.fields.filter((x) => x.rect[1] < 60)).toHaveLength(0);
    expect(res.fields.filter((x) => x.rect[1] > 295 && x.rect[1] < 310)).toHaveLength(0);
  });
});
