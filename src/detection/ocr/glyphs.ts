/**
 * OCR words as glyphs of a born-digital page: a baseline and a font size for each word, and blanks on a text
 * line written as underscores, as a typed form prints them. Pixels in, points (the straightened page, y up) out.
 */
import type { Box, Glyph, Shape } from '../layout/types';
import { groupBy } from '../reading-order';
import { pxAt, type PixelRule } from './rules';
import type { OcrWord } from './tesseract';

export const GLYPH_PARAMS = {
  /** Cap height and descender depth, in ems: where a word's box sits around its baseline. */
  capEm: 0.72,
  xHeightEm: 0.52,
  descentEm: 0.21,
  /** A rule this close to a word of its text line (ems) is that line's blank. */
  blankGapEm: 2,
  /** Text smaller than this (points) is a speck read as a character. */
  minTextPt: 5,
  /** A blank is at least this long (ems): a few underscores. */
  minBlankEm: 1.2,
  /** A rule at most this long (ems) on a text line's baseline is a blank of that line wherever it stands. */
  tickSpaceEm: 4,
  /** Longer rules are a line's blank only beside a word and at most this long (ems), or as part of a date. */
  shortBlankEm: 6,
  /** ... and its height within this share of the line height from the words' baseline. */
  blankBaseTolerance: 0.45,
};

const ASCENDS = /[A-Z0-9bdfhkltÀ-ÖØ-Þ¿?!/\\()[\]{}|#$%&@]/;
const DESCENDS = /[gjpqy,;()[\]{}|]/;

/** A word's baseline (y down) and font size, in pixels, from its box: cap (or x) height, and descenders with g/p/y. */
function metrics(w: OcrWord): { base: number; size: number } {
  const up = ASCENDS.test(w.text) ? GLYPH_PARAMS.capEm : GLYPH_PARAMS.xHeightEm;
  const down = DESCENDS.test(w.text) ? GLYPH_PARAMS.descentEm : 0;
  const size = Math.max(1, w.y2 - w.y1) / (up + down);
  return { base: w.y2 - down * size, size };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Text lines: tesseract's own lines (one block of sparse text each), then lines of one printed row joined, so
 * "Yes" and "No" far apart on a row share a baseline as they do in a born-digital form.
 */
function textLines(words: OcrWord[]): { words: OcrWord[]; base: number; size: number }[] {
  const lines = [...groupBy(words, (w) => w.line).values()].map((ws) => {
    const m = ws.map(metrics);
    return { words: ws, base: median(m.map((x) => x.base)), size: median(m.map((x) => x.size)) };
  });
  lines.sort((a, b) => a.base - b.base);
  const rows: typeof lines = [];
  for (const l of lines) {
    const row = rows.find(
      (r) => Math.abs(r.base - l.base) <= 0.2 * Math.min(r.size, l.size) && Math.abs(r.size - l.size) <= 0.25 * r.size,
    );
    if (!row) {
      rows.push({ ...l, words: [...l.words] });
      continue;
    }
    const n = row.words.length;
    row.base = (row.base * n + l.base * l.words.length) / (n + l.words.length);
    row.size = (row.size * n + l.size * l.words.length) / (n + l.words.length);
    row.words.push(...l.words);
  }
  return rows;
}

/**
 * A rule on a text line, right after or before a word of it ("Name: ____", "____ Diabetes", "__/__/____"), is that
 * line's blank, written as underscores so the layout stages read it as a typed form's. Returns the rules taken.
 */
function blanksOnLines(lines: ReturnType<typeof textLines>, h: PixelRule[], v: PixelRule[], scale: number) {
  const minSize = GLYPH_PARAMS.minTextPt * scale;
  const taken = new Set<PixelRule>();
  const [e, d] = [pxAt(3, scale), pxAt(2, scale)];
  // An edge of a box or table cell (a vertical rule meets it) stays a rule.
  const edge = (r: PixelRule): boolean =>
    v.some((s) => s.x2 >= r.x1 - e && s.x1 <= r.x2 + e && s.y1 <= r.y2 + e && s.y2 >= r.y1 - e);
  // Repeated so a pair of blanks before an item ("__ __ Diabetes") is taken from the item outwards.
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of h) {
      if (taken.has(r) || edge(r)) continue;
      const y = (r.y1 + r.y2) / 2;
      const line = lines.find((l) => {
        // A speck read as "." or "-" is no text line to hold a blank.
        if (l.size < minSize || !l.words.some((w) => /[\p{L}\p{N}]/u.test(w.text))) return false;
        const height = l.size * GLYPH_PARAMS.capEm;
        if (Math.abs(y - l.base) > GLYPH_PARAMS.blankBaseTolerance * height) return false;
        const gap = GLYPH_PARAMS.blankGapEm * l.size;
        const overlaps = l.words.some((w) => w.x1 < r.x2 - d && w.x2 > r.x1 + d && !/^[/-]$/.test(w.text));
        const beside = (w: OcrWord): boolean =>
          (w.x2 <= r.x1 + d && r.x1 - w.x2 <= gap) || (w.x1 >= r.x2 - d && w.x1 - r.x2 <= gap);
        // A short blank (a tick space under a "Yes" / "No" header) may stand apart from its row's words. A long
        // one is a blank of the line only as part of a date ("__/__/____"): a drawn rule after a label is
        // already what the layout reads as a blank, and forms ruled as tables have many of them.
        const length = r.x2 - r.x1;
        // Shorter strokes are printed dashes ("___ - __ - ____"), which the layout reads as rules.
        if (length < GLYPH_PARAMS.minBlankEm * l.size) return false;
        if (length <= GLYPH_PARAMS.tickSpaceEm * l.size) return !overlaps;
        const date = l.words.some((w) => w.text === '/' && beside(w));
        return !overlaps && (date || (length <= GLYPH_PARAMS.shortBlankEm * l.size && l.words.some(beside)));
      });
      if (!line) continue;
      taken.add(r);
      grew = true;
      const n = Math.max(2, Math.round((r.x2 - r.x1) / (0.5 * line.size)));
      line.words.push({ text: '_'.repeat(n), x1: r.x1, x2: r.x2, y1: r.y1, y2: r.y2, conf: 100, line: 'blank' });
    }
  }
  return taken;
}

/** A box of pixels as a box of points (y up), through `toPt`. */
export function boxInPt(b: Box, toPt: (x: number, y: number) => [number, number]): Box {
  const [x1, y2] = toPt(b.x1, b.y1);
  const [x2, y1] = toPt(b.x2, b.y2);
  return { x1, y1, x2, y2 };
}

/** A drawn mark as a vector form draws it: a check box one rectangle, a ring a curved path. */
export function markShape(b: Box, curved: boolean): Shape {
  return { ...b, curved, stroked: true, filled: false, rectLike: !curved };
}

/**
 * Glyphs of OCR words (characters spread evenly over each word's box), and the horizontal rules that became
 * underscores. `toPt` maps pixels of the straightened image to points.
 */
export function glyphsOf(
  words: OcrWord[],
  h: PixelRule[],
  v: PixelRule[],
  toPt: (x: number, y: number) => [number, number],
): { glyphs: Glyph[]; blanks: Set<PixelRule> } {
  const lines = textLines(words);
  const pxPerPt = 1 / Math.abs(toPt(0, 1)[1] - toPt(0, 0)[1]);
  const blanks = blanksOnLines(lines, h, v, pxPerPt);
  const glyphs: Glyph[] = [];
  for (const line of lines) {
    const [, base] = toPt(0, line.base);
    const [, top] = toPt(0, line.base - line.size);
    const size = Math.max(4, top - base);
    const lineFields = {
      y1: base - 0.2 * size,
      y2: base + 0.8 * size,
      base,
      size,
      font: 'ocr',
      mono: false,
      bold: false,
    };
    for (const w of line.words) {
      const chars = Array.from(w.text);
      const [x1] = toPt(w.x1, 0);
      const [x2] = toPt(w.x2, 0);
      const step = (x2 - x1) / chars.length;
      chars.forEach((ch, i) => glyphs.push({ ch, x1: x1 + i * step, x2: x1 + (i + 1) * step, ...lineFields }));
    }
  }
  return { glyphs, blanks };
}
