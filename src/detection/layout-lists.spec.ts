import { StandardFonts, rgb } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';
import { drawText as text, letterheadPdf } from '../../test/utils/letterhead-pdf';

const makePdf = (draw: Parameters<typeof letterheadPdf>[0]): Promise<Uint8Array> =>
  letterheadPdf(draw, StandardFonts.TimesRoman);

const choices = (fields: DetectedField[]): DetectedField[] =>
  fields.filter((f) => f.kind === 'select_one' || f.kind === 'select_many' || f.kind === 'checkbox');

describe('layout detector: blanks before list items', () => {
  it('makes each "____ Item" a choice of one question, kept across a wrapped second row, select_many on "check all"', async () => {
    const items = [
      ['Headaches', 'Dizziness', 'Night sweats'],
      ['Weight gain', 'Rash'],
    ];
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Which of these do you have now? Check all that apply.', 54, 720);
      items.forEach((row, r) =>
        row.forEach((item, c) => {
          const x = text(p, f, '____', 67 + 160 * c, 700 - 20 * r) + 3;
          text(p, f, item, x, 700 - 20 * r);
        }),
      );
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got.map((c) => c.choiceLabel).sort()).toEqual([...items.flat()].sort());
    expect(new Set(got.map((c) => c.questionKey)).size).toBe(1);
    expect(got.every((c) => c.kind === 'select_many')).toBe(true);
    expect(got[0].prompt).toBe('Which of these do you have now? Check all that apply.');
    // The tick space is the blank, not the word.
    const head = got.find((c) => c.choiceLabel === 'Headaches')!;
    expect(head.rect[0]).toBeCloseTo(67, 0);
    expect(head.rect[2]).toBeLessThan(92);
  });

  it('keeps "Age: ____ years" a text blank', async () => {
    const pdf = await makePdf((p, f) => {
      const x = text(p, f, 'Age:', 54, 700) + 4;
      const y = text(p, f, '____', x, 700) + 3;
      text(p, f, 'years', y, 700);
    });
    const res = await detectFields(pdf);
    expect(choices(res.fields)).toHaveLength(0);
  });

  it('turns Past / Present blank pairs before each condition into one question per condition', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Past', 58, 720);
      text(p, f, 'Present', 90, 720);
      ['Asthma', 'Diabetes'].forEach((item, r) => {
        const y = 700 - 20 * r;
        text(p, f, '_____', 54, y);
        const x = text(p, f, '_____', 90, y) + 10;
        text(p, f, item, x, y);
      });
    });
    const got = choices((await detectFields(pdf)).fields).sort(
      (a, b) => b.rect[1] - a.rect[1] || a.rect[0] - b.rect[0],
    );
    expect(got.map((c) => [c.prompt, c.choiceLabel])).toEqual([
      ['Asthma', 'Past'],
      ['Asthma', 'Present'],
      ['Diabetes', 'Past'],
      ['Diabetes', 'Present'],
    ]);
    expect(got[0].questionKey).toBe(got[1].questionKey);
    expect(got[1].questionKey).not.toBe(got[2].questionKey);
  });

  it('reads a symptom x severity grid as one question per row named by the row text, options by the headers', async () => {
    const cols = [300, 360, 420, 480];
    const pdf = await makePdf((p, f) => {
      ['None', 'Mild', 'Moderate'].forEach((h, i) => text(p, f, h, cols[i] - 4, 730));
      text(p, f, 'NEARLY', cols[3] - 6, 740);
      text(p, f, 'ALWAYS', cols[3] - 6, 730);
      ['Headache', 'Nausea', 'Back pain', 'Fatigue', 'Dizziness', 'Cough', 'Rash', 'Fever'].forEach((row, r) => {
        const y = 710 - 20 * r;
        text(p, f, row, 72, y);
        for (const x of cols)
          p.drawRectangle({ x, y, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
      });
    });
    const got = choices((await detectFields(pdf)).fields);
    expect(got).toHaveLength(32);
    const last = got.filter((c) => c.prompt === 'Fever').sort((a, b) => a.rect[0] - b.rect[0]);
    expect(last.map((c) => c.choiceLabel)).toEqual(['None', 'Mild', 'Moderate', 'NEARLY ALWAYS']);
    expect(new Set(last.map((c) => c.questionKey)).size).toBe(1);
    expect(new Set(got.map((c) => c.questionKey)).size).toBe(8);
  });

  it('reads short blanks under "Yes" / "No" headers after each question as a yes/no question per row', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Question', 58, 720);
      text(p, f, 'Yes', 400, 720);
      text(p, f, 'No', 500, 720);
      ['Have you been hospitalized in the past year?', 'Do you use a cane or walker?'].forEach((q, r) => {
        const y = 700 - 20 * r;
        text(p, f, q, 58, y);
        text(p, f, '____', 396, y);
        text(p, f, '____', 497, y);
      });
    });
    const got = choices((await detectFields(pdf)).fields).sort(
      (a, b) => b.rect[1] - a.rect[1] || a.rect[0] - b.rect[0],
    );
    expect(got.map((c) => [c.prompt, c.choiceLabel, c.kind])).toEqual([
      ['Have you been hospitalized in the past year?', 'Yes', 'select_one'],
      ['Have you been hospitalized in the past year?', 'No', 'select_one'],
      ['Do you use a cane or walker?', 'Yes', 'select_one'],
      ['Do you use a cane or walker?', 'No', 'select_one'],
    ]);
  });
});
