import { buildLines } from './text';
import type { Glyph, Segment } from './types';

/** Glyphs of a string in a proportional font of `size`: each 0.5 em wide, a space 0.28 em, `gaps` wider. */
function word(s: string, x: number, base: number, size = 12, mono = false): Glyph[] {
  return [...s].map((ch, i) => ({
    ch,
    x1: x + i * 0.5 * size,
    x2: x + (i + 1) * 0.5 * size,
    y1: base - 0.2 * size,
    y2: base + 0.75 * size,
    base,
    size,
    font: 'Arial',
    mono,
    bold: false,
  }));
}
const texts = (glyphs: Glyph[], rules: Segment[] = []): string[][] =>
  buildLines(glyphs, rules).map((l) => l.tokens.map((t) => t.text));

describe('tokenising respects columns and rules (issue 17, class 5)', () => {
  it('parts a word that starts where a column of other lines starts, when the gap is wider than a space', () => {
    // `Congenital Heart Defect  Y N` with the answers 0.67 em after the question, under three rows whose answers
    // start at x = 216; a row whose words are a plain space apart stays one phrase.
    const glyphs = [
      ...[700, 684, 668].flatMap((y) => [...word('Anemia', 72, y), ...word('Y', 216, y), ...word('N', 226, y)]),
      ...word('Defect', 172, 652),
      ...word('Y', 216, 652),
      ...word('Heart', 72, 636),
      ...word('rate', 72 + 30 + 3.4, 636),
    ];
    expect(texts(glyphs)).toEqual([
      ['Anemia', 'Y N'],
      ['Anemia', 'Y N'],
      ['Anemia', 'Y N'],
      ['Defect', 'Y'],
      ['Heart rate'],
    ]);
  });

  it('keeps typewriter words a space apart together (a mono space is already 0.6 em)', () => {
    const glyphs = [
      ...[700, 684, 668].flatMap((y) => word('than', 72 + 7.2 * 5, y, 12, true)),
      ...word('More', 72, 652, 12, true),
      ...word('than', 72 + 7.2 * 5, 652, 12, true).map((g) => ({ ...g, x1: g.x1 - 3, x2: g.x2 - 3 })),
    ];
    expect(texts(glyphs).pop()).toEqual(['More than']);
  });

  it('ends a phrase at a vertical cell rule between two glyphs', () => {
    const glyphs = [...word('Name', 72, 700), ...word('Date', 72 + 24 + 4, 700)];
    const rule: Segment = { x1: 98, x2: 98, y1: 690, y2: 715, width: 0.5 };
    expect(texts(glyphs)).toEqual([['Name Date']]);
    expect(texts(glyphs, [rule])).toEqual([['Name', 'Date']]);
  });
});
