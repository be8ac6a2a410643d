/**
 * A ruled Yes/No grid a word processor made tall (its ☐ glyphs come from a fallback font with a taller line), found
 * trying a LibreOffice form: the condition cells have room under their word, and that room is no blank.
 */
import { StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import { drawSquare, drawText, letterheadPdf } from '../../test/utils/letterhead-pdf';

const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number): void =>
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.7, color: rgb(0, 0, 0) });

describe('layout detector: a ruled grid of tick boxes', () => {
  it('takes no blank under a condition word or a column header of a Yes/No grid', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const cols = [58, 150, 175, 200, 300, 325, 350];
      const rows = [710, 690, 660, 630, 600];
      for (const y of rows) line(p, cols[0], y, cols.at(-1)!, y);
      for (const x of cols) line(p, x, rows.at(-1)!, x, rows[0]);
      ['Condition', 'Yes', 'No', 'Condition', 'Yes', 'No'].forEach((h, i) => drawText(p, f, h, cols[i] + 3, 698, 9));
      const body = [
        ['Asthma', 'Diabetes'],
        ['Seizures', 'Heart murmur'],
        ['ADHD', 'Ear infections'],
      ];
      body.forEach(([left, right], r) => {
        const top = rows[r + 1];
        drawText(p, f, left, cols[0] + 3, top - 10, 9);
        drawText(p, f, right, cols[3] + 3, top - 10, 9);
        for (const c of [1, 2, 4, 5]) drawSquare(p, cols[c] + 8, top - 10);
      });
    });
    const res = await detectFields(pdf);
    expect(res.fields.filter((x) => x.kind === 'text')).toEqual([]);
    const options = res.fields.filter((x) => x.kind === 'select_one');
    expect(options).toHaveLength(12);
    expect(new Set(options.map((o) => o.prompt))).toEqual(
      new Set(['Asthma', 'Diabetes', 'Seizures', 'Heart murmur', 'ADHD', 'Ear infections']),
    );
    expect(new Set(options.map((o) => o.choiceLabel))).toEqual(new Set(['Yes', 'No']));
  });

  it('takes a bold header row over empty rows as the column headers of the fields under it, no field itself', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const cols = [58, 244, 338, 515];
      const rows = [665, 636, 603, 570];
      for (const y of rows) line(p, cols[0], y, cols.at(-1)!, y);
      for (const x of cols) line(p, x, rows.at(-1)!, x, rows[0]);
      ['Medication', 'Dose', 'How often'].forEach((h, i) => drawText(p, f, h, cols[i] + 30, 653, 10));
    }, StandardFonts.HelveticaBold);
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(6);
    expect(res.fields.every((x) => x.rect[3] <= 636)).toBe(true);
    expect(new Set(res.fields.map((x) => x.label))).toEqual(new Set(['Medication', 'Dose', 'How often']));
  });

  it('prompts a lone row of boxes under a number header from the line over that header', async () => {
    const pdf = await letterheadPdf((p, f) => {
      drawText(p, f, 'Rate your pain (0 = none, 10 = worst):', 58, 655);
      for (let n = 0; n <= 10; n++) {
        drawText(p, f, String(n), 58 + 12.8 * n, 628.3);
        drawSquare(p, 58 + 12.8 * n, 599.9);
      }
    });
    const options = (await detectFields(pdf)).fields.filter((x) => x.kind === 'select_one');
    expect(options.map((o) => o.choiceLabel)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(new Set(options.map((o) => o.prompt))).toEqual(new Set(['Rate your pain (0 = none, 10 = worst)']));
  });

  it('takes no field from the empty header cells over the condition words of a Y/N grid', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const cols = [58, 108, 126, 144, 232, 250, 268];
      const rows = [690, 672, 642, 612];
      for (const y of rows) line(p, cols[0], y, cols.at(-1)!, y);
      for (const x of cols) line(p, x, rows.at(-1)!, x, rows[0]);
      ['Y', 'N', '', 'Y', 'N'].forEach((h, i) => h && drawText(p, f, h, cols[i + 1] + 3, 677, 9));
      [
        ['Fever', 'Cough'],
        ['Chest pain', 'Shortness'],
      ].forEach(([left, right], r) => {
        const top = rows[r + 1];
        drawText(p, f, left, cols[0] + 3, top - 10, 9);
        drawText(p, f, right, cols[3] + 3, top - 10, 9);
        for (const c of [1, 2, 4, 5]) drawSquare(p, cols[c] + 5, top - 10);
      });
    });
    const res = await detectFields(pdf);
    expect(res.fields.filter((x) => x.kind === 'text')).toEqual([]);
    expect(res.fields.filter((x) => x.kind === 'select_one')).toHaveLength(8);
  });

  it('takes the blank printed after a label in a tall cell, not the room under the label too', async () => {
    const pdf = await letterheadPdf((p, f) => {
      for (const y of [790 - 20, 740]) line(p, 58, y, 300, y);
      for (const x of [58, 300]) line(p, x, 740, x, 770);
      drawText(p, f, 'Provider: ______________________', 62, 758);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toHaveLength(1);
    expect(res.fields[0]).toMatchObject({ kind: 'text', label: 'Provider' });
    expect(res.fields[0].rect[1]).toBeGreaterThan(750);
  });

  it('keeps blanks between labels and units blanks (`Alcohol: drinks per week ____  Exercise: ____ days per week`)', async () => {
    const pdf = await letterheadPdf((p, f) => {
      drawText(p, f, 'Alcohol: drinks per week ______     Exercise: ______ days per week', 58, 700);
      drawText(p, f, 'Tobacco use:', 58, 670);
      drawSquare(p, 125, 670);
      drawText(p, f, 'Never', 136, 670);
      drawSquare(p, 170, 670);
      drawText(p, f, 'Former (quit date: _________)', 181, 670);
      drawSquare(p, 340, 670);
      drawText(p, f, 'Current (packs/day: _____)', 351, 670);
    });
    const res = await detectFields(pdf);
    const texts = res.fields.filter((x) => x.kind !== 'select_one' && x.kind !== 'select_many');
    expect(texts.map((x) => x.label)).toEqual(expect.arrayContaining(['Alcohol: drinks per week', 'Exercise']));
    expect(texts).toHaveLength(4);
    const options = res.fields.filter((x) => x.kind === 'select_one');
    expect(options).toHaveLength(3);
    expect(new Set(options.map((o) => o.prompt))).toEqual(new Set(['Tobacco use']));
  });
});
