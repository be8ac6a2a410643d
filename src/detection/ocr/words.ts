/**
 * What OCR makes of a form's drawn parts, undone before the words become glyphs: check boxes read as letters,
 * box sides read as "|", blanks read with their underscores, and tesseract's usual confusions in label words.
 * Coordinates are pixels of the straightened image, y down.
 */
import { inkShare } from './ink-pieces';
import { inside, intersects, type Box } from '../layout/types';
import type { Gray } from './raster';
import { pxAt, type PixelRule } from './rules';
import type { OcrWord } from './tesseract';

/**
 * Small squares outlined by two horizontal and two vertical rules: drawn check boxes (pixels). A box is thinly
 * outlined and empty inside; bold capitals ("O", "D", "IN") have stems and bars too, but thick ones, and ink
 * between them.
 */
export function drawnSquares(img: Gray, h: PixelRule[], v: PixelRule[], scale: number): PixelRule[] {
  const min = 5 * scale;
  const max = 22 * scale;
  const tol = pxAt(4, scale);
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= tol;
  const out: PixelRule[] = [];
  for (const top of h) {
    const w = top.x2 - top.x1;
    if (w < min || w > max) continue;
    for (const bottom of h) {
      const d = bottom.y1 - top.y1;
      if (bottom === top || d < min || d > max || Math.abs(d - w) > 0.35 * w) continue;
      if (!near(top.x1, bottom.x1) || !near(top.x2, bottom.x2)) continue;
      const side = (x: number): PixelRule | undefined =>
        v.find((r) => (near(r.x1, x) || near(r.x2, x)) && r.y1 <= top.y2 + tol && r.y2 >= bottom.y1 - tol);
      const left = side(top.x1);
      const right = side(top.x2);
      if (!left || !right) continue;
      // One pen draws a box's four sides (measured within a pixel or two on a skewed scan); an "O" or "D" has
      // stems several times thicker than its bars.
      const pen = [top, bottom, left, right].map((r) => r.thickness);
      const [thin, thick] = [Math.min(...pen), Math.max(...pen)];
      if (thick > 2.5 * thin || thick > 0.2 * w) continue;
      // Inside the outline.
      const m = Math.ceil(top.thickness) + pxAt(2, scale);
      if (inkShare(img, top.x1 + m, top.y1 + m, top.x2 - m, bottom.y2 - m) <= 0.08)
        out.push({ x1: top.x1, y1: top.y1, x2: top.x2, y2: bottom.y2, thickness: top.thickness });
    }
  }
  return out;
}

/**
 * OCR often reads a drawn check box as a letter ("O", "[]") on its own or glued to the option word ("OYes").
 * Such a box is not text: the word loses the characters over it (or goes, when nothing else is left). The box
 * reads as one character, sometimes two, wider than the word's average one: the count is rounded down.
 */
export function withoutBoxes(words: OcrWord[], squares: Box[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    let word: OcrWord | null = w;
    for (const sq of squares) {
      if (!word || !intersects(sq, word)) continue;
      const chars: string[] = Array.from(word.text);
      const step = (word.x2 - word.x1) / chars.length;
      const atStart = sq.x1 - word.x1 <= word.x2 - sq.x2;
      const cut = Math.max(1, Math.floor((atStart ? sq.x2 - word.x1 : word.x2 - sq.x1) / step + 0.25));
      if (cut >= chars.length) word = null;
      else if (atStart) word = { ...word, text: chars.slice(cut).join(''), x1: Math.max(word.x1, sq.x2 + 1) };
      else word = { ...word, text: chars.slice(0, -cut).join(''), x2: Math.min(word.x2, sq.x1 - 1) };
    }
    if (word) out.push(word);
  }
  return out;
}

/** A box side or table line read as a character ("|", "[", "l"): the rule is drawn, not written. */
export function withoutRuleGlyphs(words: OcrWord[], v: PixelRule[], scale: number): OcrWord[] {
  const d = pxAt(2, scale);
  return words.filter(
    (w) =>
      !/^[|[\]()!lI1]{1,2}$/.test(w.text) ||
      !v.some((r) => r.x1 <= w.x2 && r.x2 >= w.x1 && r.y1 <= w.y1 + d && r.y2 >= w.y2 - d),
  );
}

/**
 * "Name:________" read as one word: the underscores are a blank, found as a rule along the word's foot. The word
 * is cut there, so its text keeps its own width and the blank stays a blank.
 */
export function splitAtBlanks(words: OcrWord[], h: PixelRule[], scale: number): OcrWord[] {
  const d = pxAt(2, scale);
  const out: OcrWord[] = [];
  for (const w of words) {
    const m = /^([^_]*?)_{2,}(.*)$/.exec(w.text);
    const height = w.y2 - w.y1;
    const foot = h.find(
      (r) => r.x2 - r.x1 >= 1.5 * height && r.x1 >= w.x1 - d && r.x2 <= w.x2 + d && r.y1 >= w.y1 + height / 2 - d,
    );
    if (!m || !foot) {
      out.push(w);
      continue;
    }
    if (m[1]) out.push({ ...w, text: m[1], x2: Math.max(w.x1 + 1, foot.x1 - 1) });
    if (m[2].replace(/_/g, '')) out.push({ ...w, text: m[2].replace(/^_+/, ''), x1: Math.min(w.x2 - 1, foot.x2 + 1) });
  }
  return out;
}

/**
 * Tesseract's confusions that change a label's meaning: "|" for the pronoun "I" ("| consent"), a word
 * ending in a stray "|" or "_" from the rule beside it.
 */
export function mendWords(words: OcrWord[]): OcrWord[] {
  return words
    .map((w) => ({ ...w, text: w.text.replace(/^\|(?=[a-z]|$)/, 'I').replace(/[|_]+$/, '') }))
    .filter((w) => w.text);
}

/** A rule inside a word's box is the word's own stroke, unless it is long (an underlined heading's rule). */
export function insideWord(rule: PixelRule, words: OcrWord[], scale: number): boolean {
  const stroke = (w: OcrWord): boolean => !/^_+$/.test(w.text) && rule.x2 - rule.x1 < 1.5 * (w.y2 - w.y1);
  return words.some((w) => stroke(w) && inside(rule, w, pxAt(1, scale)));
}

/** A side of a drawn check box. */
export const onSquare = (rule: PixelRule, squares: Box[], scale: number): boolean =>
  squares.some((q) => inside(rule, q, pxAt(2, scale)));
