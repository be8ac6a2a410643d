import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';

async function makePdf(draw: (page: PDFPage, font: PDFFont, bold: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  // A clinic letterhead: real forms have a text layer of more than a few words.
  page.drawText('Riverside Family Medicine - Patient Intake', { x: 72, y: 770, size: 12, font });
  draw(page, font, bold);
  return doc.save();
}

const SIZE = 10;
/** Draws text and returns the x where it ends. */
const text = (page: PDFPage, font: PDFFont, s: string, x: number, y: number, size = SIZE): number => {
  page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
  return x + font.widthOfTextAtSize(s, size);
};
/** A drawn 8 pt check square sitting on the baseline y. */
const square = (page: PDFPage, x: number, y: number): void =>
  page.drawRectangle({ x, y, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });

const choices = (fields: DetectedField[]): DetectedField[] =>
  fields.filter((f) => f.kind === 'select_one' || f.kind === 'select_many' || f.kind === 'checkbox');

describe('layout detector: which word belongs to which box (decided per row)', () => {
  it('binds option text printed LEFT of its box (M☐  F☐  X☐) to that box, with the prompt before it', async () => {
    const squares: number[] = [];
    const pdf = await makePdf((p, f) => {
      let x = text(p, f, 'GENDER:', 72, 700) + 6;
      for (const opt of ['M', 'F', 'X']) {
        x = text(p, f, opt, x, 700) + 1;
        square(p, x, 700);
        squares.push(x);
        x += 8 + 30;
      }
    });
    const got = choices((await detectFields(pdf)).fields).sort((a, b) => a.rect[0] - b.rect[0]);
    expect(got.map((c) => c.choiceLabel)).toEqual(['M', 'F', 'X']);
    got.forEach((c, i) => expect(c.rect[0]).toBeCloseTo(squares[i], 0));
    expect(new Set(got.map((c) => c.questionKey)).size).toBe(1);
    expect(got.every((c) => c.prompt === 'GENDER' && c.kind === 'select_one' && c.mark === 'check')).toBe(true);
  });

  it('binds option text printed RIGHT of its box (☐ Yes  ☐ No) to that box', async () => {
    const pdf = await makePdf((p, f) => {
      const x = text(p, f, 'Do you smoke?', 72, 700) + 20;
      square(p, x, 700);
      const y = text(p, f, 'Yes', x + 11, 700) + 14;
      square(p, y, 700);
      text(p, f, 'No', y + 11, 700);
    });
    const got = choices((await detectFields(pdf)).fields).sort((a, b) => a.rect[0] - b.rect[0]);
    expect(got.map((c) => c.choiceLabel)).toEqual(['Yes', 'No']);
    expect(got.every((c) => c.prompt === 'Do you smoke?')).toBe(true);
  });

  it('keeps a lone consent box with the sentence on its left', async () => {
    const pdf = await makePdf((p, f) => {
      const x = text(p, f, 'I consent to treatment', 72, 700) + 4;
      square(p, x, 700);
    });
    const [box] = choices((await detectFields(pdf)).fields);
    expect(box).toMatchObject({ kind: 'checkbox', label: 'I consent to treatment' });
  });
});

describe('layout detector: ornaments and page-wide side', () => {
  it('does not make a lone drawn circle under a title into a field labelled by the title', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'New Patient Registration', 200, 720, 14);
      p.drawCircle({ x: 180, y: 704, size: 5, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    });
    const got = (await detectFields(pdf)).fields;
    expect(got.some((g) => /registration/i.test(`${g.label} ${g.prompt}`))).toBe(false);
  });

  it('binds an ambiguous row on the side the rest of the page uses', async () => {
    const pdf = await makePdf((p, f) => {
      // Clear rows: the word right before each box.
      for (let r = 0; r < 2; r++) {
        let x = text(p, f, `Question ${r + 1}:`, 72, 700 - 20 * r) + 10;
        for (const opt of ['Yes', 'No']) {
          x = text(p, f, opt, x, 700 - 20 * r) + 1;
          square(p, x, 700 - 20 * r);
          x += 8 + 30;
        }
      }
      // A lone box with one word just left and another a little further right.
      const x = text(p, f, 'Other', 72, 640) + 2;
      square(p, x, 640);
      text(p, f, 'details', x + 8 + 3, 640);
    });
    const other = choices((await detectFields(pdf)).fields).find((c) => c.rect[1] < 650);
    expect(other?.label).toBe('Other');
  });
});

describe('layout detector: words to circle', () => {
  it('turns a "Yes  No" pair right of a question into two circled select_one options on the words', async () => {
    let yesX = 0;
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Have you ever had surgery?', 72, 700);
      yesX = 300;
      text(p, f, 'Yes', yesX, 700);
      text(p, f, 'No', 340, 700);
    });
    const got = choices((await detectFields(pdf)).fields).sort((a, b) => a.rect[0] - b.rect[0]);
    expect(got).toHaveLength(2);
    expect(got.map((c) => c.choiceLabel)).toEqual(['Yes', 'No']);
    for (const c of got) {
      expect(c).toMatchObject({ kind: 'select_one', mark: 'circle', prompt: 'Have you ever had surgery?' });
    }
    expect(got[0].questionKey).toBe(got[1].questionKey);
    // The word's ink box grown by 2 pt: starts 2 pt left of the word and covers the baseline.
    expect(got[0].rect[0]).toBeCloseTo(yesX - 2, 0);
    expect(got[0].rect[1]).toBeLessThan(700);
    expect(got[0].rect[3]).toBeGreaterThan(706);
    expect(got[0].rect[3]).toBeLessThan(712);
  });

  it('turns a 0-10 pain scale into one circled question of eleven options', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Rate your pain:', 72, 700);
      for (let i = 0; i <= 10; i++) text(p, f, String(i), 250 + 24 * i, 700);
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got).toHaveLength(11);
    expect(new Set(got.map((c) => c.questionKey)).size).toBe(1);
    expect(got.map((c) => c.choiceLabel)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(got.every((c) => c.mark === 'circle' && c.prompt === 'Rate your pain')).toBe(true);
  });

  it('reads the words after "circle one:" as the options, without the instruction in the prompt', async () => {
    const pdf = await makePdf((p, f) => {
      const x = text(p, f, 'How bad is your pain? circle one:', 72, 700);
      text(p, f, 'Mild', x + 20, 700);
      text(p, f, 'Moderate', x + 70, 700);
      text(p, f, 'Severe', x + 140, 700);
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got.map((c) => c.choiceLabel)).toEqual(['Mild', 'Moderate', 'Severe']);
    expect(got.every((c) => c.prompt === 'How bad is your pain?' && c.kind === 'select_one')).toBe(true);
  });

  it('does not take a "Yes  No" column header above boxes for words to circle', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Yes', 300, 720);
      text(p, f, 'No', 340, 720);
      text(p, f, 'Diabetes', 72, 700);
      square(p, 302, 700);
      square(p, 341, 700);
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got.every((c) => c.mark === 'check')).toBe(true);
    expect(got.map((c) => c.choiceLabel)).toEqual(['Yes', 'No']);
  });
});

describe('layout detector: radio circles far right of their words (issue 17, class 13)', () => {
  /** A drawn 8 pt radio circle centred on the text's middle at x. */
  const circle = (page: PDFPage, x: number, y: number): void =>
    page.drawCircle({ x, y: y + 3.5, size: 4, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });

  it('names each circle of a two-column condition list by the word far left of it, one question', async () => {
    const rows = [
      ['Diabetes', 'Asthma'],
      ['Cancer', 'Stroke'],
      ['Heart disease', 'Seizures'],
    ];
    const pdf = await makePdf((p, f, b) => {
      text(p, b, 'Have you ever had:', 72, 700);
      rows.forEach(([left, right], r) => {
        const y = 680 - 20 * r;
        text(p, f, left, 80, y);
        circle(p, 220, y);
        text(p, f, right, 330, y);
        circle(p, 470, y);
      });
    });
    const got = choices((await detectFields(pdf)).fields).sort(
      (a, c) => c.rect[1] - a.rect[1] || a.rect[0] - c.rect[0],
    );
    expect(got.map((c) => c.choiceLabel)).toEqual(rows.flat());
    expect(got.map((c) => Math.round(c.rect[0] + 4))).toEqual(rows.flatMap(() => [220, 470]));
    expect(new Set(got.map((c) => c.questionKey)).size).toBe(1);
    expect(got.every((c) => c.prompt === 'Have you ever had')).toBe(true);
  });

  it('leaves a row whose second circle has no word of its own to the table reading (no far binding)', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Yes', 215, 722);
      text(p, f, 'No', 265, 722);
      ['Diabetes', 'Asthma', 'Cancer'].forEach((word, r) => {
        const y = 700 - 20 * r;
        text(p, f, word, 80, y);
        circle(p, 222, y);
        circle(p, 271, y);
      });
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got).toHaveLength(6);
    expect(new Set(got.map((c) => c.choiceLabel))).toEqual(new Set(['Yes', 'No']));
    expect(new Set(got.map((c) => c.prompt))).toEqual(new Set(['Diabetes', 'Asthma', 'Cancer']));
  });
});
