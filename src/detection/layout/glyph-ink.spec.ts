import { readFileSync } from 'fs';
import path from 'path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { glyphBoxForm, GLYPH_FORM_BOX_SIZE } from 'test/utils/glyph-box-form';
import { detectFields, type DetectedField } from '../index';
import { LOW_CONFIDENCE } from 'src/shared/constants';

const FIX = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'glyph-boxes');

function iou(a: number[], b: number[]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h);
}

/** The choice questions of a field map: prompt -> option labels, in field order. */
function questions(fields: DetectedField[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of fields.filter((x) => x.questionKey !== null)) (out[f.prompt] ??= []).push(f.choiceLabel ?? '');
  return out;
}

describe('box glyphs of the body font (issue 17, class 1): ink from the font, glued words bind', () => {
  it('pdf-lib form, Liberation Sans embedded, □ at twice the text size: each box is the glyph ink, labelled by its own word', async () => {
    const form = await glyphBoxForm();
    const res = await detectFields(new Uint8Array(form.pdf), { ocr: false });
    expect(questions(res.fields)).toEqual(Object.fromEntries(form.questions.map((q) => [q.prompt, q.options])));
    for (const b of form.boxes) {
      const f = res.fields.find((x) => x.choiceLabel === b.word)!;
      expect({ word: b.word, iou: iou(f.rect, b.rect) > 0.9 }).toEqual({ word: b.word, iou: true });
      expect(f.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    }
  });

  it('LibreOffice Writer export of the same rows: the same questions, each box no wider than the glyph', async () => {
    const res = await detectFields(new Uint8Array(readFileSync(path.join(FIX, 'glyph-boxes.libreoffice.pdf'))), {
      ocr: false,
    });
    expect(questions(res.fields)).toEqual({
      'SEX AT BIRTH': ['M', 'F'],
      'MARITAL STATUS': ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'],
      'Therapies you have tried': ['Counseling', 'Biofeedback', 'Acupuncture'],
    });
    // Liberation Sans' □ inks 0.598 em square inside a 0.604-em advance.
    for (const f of res.fields.filter((x) => x.questionKey !== null)) {
      expect(f.rect[2] - f.rect[0]).toBeCloseTo(0.598 * GLYPH_FORM_BOX_SIZE, 0);
      expect(f.rect[3] - f.rect[1]).toBeCloseTo(0.598 * GLYPH_FORM_BOX_SIZE, 0);
    }
  });

  it('an option labelled from text on another row is flagged for review, never silent', async () => {
    // Squares with no word on their row; the only text over them sits on two different rows above (no header line).
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Fruit eaten this week', { x: 300, y: 700, size: 11, font });
    page.drawText('Apples', { x: 140, y: 640, size: 11, font });
    page.drawText('Pears', { x: 200, y: 660, size: 11, font });
    for (const x of [150, 210])
      page.drawRectangle({ x, y: 600, width: 9, height: 9, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
    const res = await detectFields(new Uint8Array(await doc.save()), { ocr: false });
    const options = res.fields.filter((f) => f.questionKey !== null);
    expect(options.map((f) => f.choiceLabel)).toEqual(['Apples', 'Pears']);
    for (const f of options) expect(f.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(res.reviewRequired).toBe(true);
    expect(res.reviewReasons.join(' ')).toMatch(/low confidence \("Apples", "Pears"\)/);
  });
});
