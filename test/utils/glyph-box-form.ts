import * as fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A clinic form as a word processor prints it (issue 17, failure class 1): the box is the `□` (U+25A1) of the
 * BODY font (Liberation Sans, metric-compatible with Arial, embedded as TrueType) at twice the text size, glued
 * to its option word (`M□ F□`, `SINGLE□ MARRIED□`, and `□Counseling` with the box before the word). That glyph
 * inks a 0.6-em square on the baseline inside a 0.6-em advance, far from the 0.79-em square a detector may
 * assume; short text rows above the options (`Last`, `SOCIAL SECURITY #`) are what a wrong fallback labels them
 * with.
 */
export const GLYPH_FORM_TEXT_SIZE = 11;
/** The box glyph's size: twice the text's, as forms that enlarge the box to make it tickable do. */
export const GLYPH_FORM_BOX_SIZE = 2 * GLYPH_FORM_TEXT_SIZE;
const BOX = '□';

export interface GlyphBox {
  /** The option word glued to the box. */
  word: string;
  /** The glyph's ink in PDF user space, [x1, y1, x2, y2], from the font's own outline bbox. */
  rect: [number, number, number, number];
}

export interface GlyphBoxForm {
  pdf: Buffer;
  boxes: GlyphBox[];
  /** The questions as printed: prompt and its options' words, in order. */
  questions: Array<{ prompt: string; options: string[] }>;
}

const FONT_FILE = join(__dirname, '..', 'fixtures', 'fonts', 'LiberationSans-Regular.ttf');

export async function glyphBoxForm(): Promise<GlyphBoxForm> {
  const bytes = readFileSync(FONT_FILE);
  const metrics = fontkit.create(bytes);
  const g = metrics.glyphForCodePoint(BOX.codePointAt(0)!);
  const unit = GLYPH_FORM_BOX_SIZE / metrics.unitsPerEm;
  const inkAt = (x: number, y: number): GlyphBox['rect'] => [
    x + g.bbox.minX * unit,
    y + g.bbox.minY * unit,
    x + g.bbox.maxX * unit,
    y + g.bbox.maxY * unit,
  ];
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  const page = doc.addPage([612, 792]);
  const size = GLYPH_FORM_TEXT_SIZE;
  const text = (s: string, x: number, y: number): number => {
    page.drawText(s, { x, y, size, font });
    return x + font.widthOfTextAtSize(s, size);
  };
  text('ADULT INTAKE FORM', 220, 740);
  // Text rows above the options: the labels a fallback that climbs to "the column header" would take.
  text('Last', 50, 700);
  text('First', 230, 700);
  text('SOCIAL SECURITY #', 410, 700);
  text('________________________', 50, 684);
  text('________________________', 230, 684);
  text('________________________', 410, 684);
  const boxes: GlyphBox[] = [];
  const boxAfter = (word: string, x: number, y: number): number => {
    const at = text(word, x, y);
    boxes.push({ word, rect: inkAt(at, y) });
    return drawBox(page, font, at, y);
  };
  const boxBefore = (word: string, x: number, y: number): number => {
    boxes.push({ word, rect: inkAt(x, y) });
    return text(word, drawBox(page, font, x, y), y);
  };
  const row = (prompt: string, words: string[], y: number, glue: typeof boxAfter): void => {
    let x = text(prompt, 50, y) + 8;
    for (const w of words) x = glue(w, x, y) + 14;
  };
  const questions = [
    { prompt: 'SEX AT BIRTH', options: ['M', 'F'] },
    { prompt: 'MARITAL STATUS', options: ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'] },
  ];
  row('SEX AT BIRTH:', questions[0].options, 650, boxAfter);
  text('Street #', 300, 650);
  text('_______________', 350, 650);
  row('MARITAL STATUS:', questions[1].options, 615, boxAfter);
  text('Therapies you have tried:', 50, 580);
  const therapies = ['Counseling', 'Biofeedback', 'Acupuncture'];
  let x = 50;
  for (const w of therapies) x = boxBefore(w, x, 560) + 18;
  questions.push({ prompt: 'Therapies you have tried', options: therapies });
  text('Patient name:', 50, 520);
  text('__________________________________', 125, 520);
  return { pdf: Buffer.from(await doc.save()), boxes, questions };
}

/** The body font's `□` at twice the text size, on the text's baseline; returns the end of its advance. */
function drawBox(page: PDFPage, font: PDFFont, x: number, y: number): number {
  page.drawText(BOX, { x, y, size: GLYPH_FORM_BOX_SIZE, font });
  return x + font.widthOfTextAtSize(BOX, GLYPH_FORM_BOX_SIZE);
}
