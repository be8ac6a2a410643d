/**
 * Field candidates on one page: blanks (underscores, dots), free ruled lines, empty boxes and cells,
 * and choice markers (drawn squares, circles, box glyphs, bracket pairs).
 */
import { findBlanks } from './blanks';
import type { Cell, Geometry } from './geometry';
import type { TextLine, Token } from './text';
import { boxH, boxW, type Box, type Glyph } from './types';
import { LAYOUT_PARAMS as P } from './params';

export type Source = 'underscore' | 'dots' | 'line' | 'box' | 'square' | 'circle' | 'glyph' | 'bracket' | 'paren';

export interface Candidate extends Box {
  source: Source;
  choice: boolean;
  /** Text printed inside the box's top-left corner (its label). */
  innerLabel?: string;
  innerLabelRaw?: string;
  /** A format hint printed in or under the field (MM/DD/YYYY). */
  hint?: string;
  /** Header text of the table column this cell sits in. */
  columnHeader?: string;
  /** The cell that holds this candidate (tables). */
  cell?: Cell;
  /** A row of touching boxes, one character each (SSN, EIN, dates): the number of boxes. */
  combCells?: number;
  /** Baseline of the text row the field sits on. */
  base: number;
  size: number;
  confidence: number;
}

const HINT_RE = /^(mm|dd|yyyy|yy|m|d)([\s/.-]+(mm|dd|yyyy|yy|m|d)){1,2}$/i;
export const isHint = (s: string): boolean => HINT_RE.test(s.replace(/\s+/g, ''));

/** The ink of a box glyph relative to its em box: a square of ~0.72 em sitting on the baseline. */
function glyphInk(g: Glyph, kind: 'box' | 'circle'): Box {
  const s = g.size;
  const adv = g.x2 - g.x1;
  const side = P.glyphInkEm * s;
  const cx = g.x1 + adv / 2;
  const y1 = g.base + (kind === 'box' ? 0.0 : -0.07) * s;
  return { x1: cx - side / 2, x2: cx + side / 2, y1, y2: y1 + side };
}

function bracketInk(t: Token): Box {
  const [a, b] = t.glyphs;
  const s = a.size;
  return { x1: a.x1 + 0.08 * s, x2: b.x2 - 0.08 * s, y1: a.base - 0.21 * s, y2: a.base + 0.76 * s };
}

export function bandHeight(size: number): number {
  return Math.min(16, Math.max(12, 1.45 * size));
}

function tokensIn(lines: TextLine[], b: Box): Token[] {
  const out: Token[] = [];
  for (const l of lines) {
    if (l.base < b.y1 - 2 || l.base > b.y2) continue;
    for (const t of l.tokens) {
      const cx = (t.x1 + t.x2) / 2;
      const cy = t.base + 0.3 * t.size;
      if (cx > b.x1 && cx < b.x2 && cy > b.y1 && cy < b.y2) out.push(t);
    }
  }
  return out;
}

export function findCandidates(lines: TextLine[], geo: Geometry, pageHeight = 0): Candidate[] {
  const out: Candidate[] = [];
  // 1. Text-drawn blanks and markers.
  for (const l of lines) {
    const grid = blankGridRow(lines, l);
    for (const t of l.tokens) {
      const before = t.type === 'blank' && (grid.has(t) || isBlankBefore(l.tokens, l.tokens.indexOf(t)));
      if (t.type === 'blank' && (before || boxW(t) >= P.blankMinWidthEm * t.size)) {
        const y1 = t.base - 0.14 * t.size;
        const source = t.text.includes('_') ? 'underscore' : 'dots';
        out.push({
          x1: t.x1,
          x2: t.x2,
          y1,
          y2: y1 + bandHeight(t.size),
          source,
          choice: before,
          base: t.base,
          size: t.size,
          confidence: 0.85,
        });
      } else if (t.type === 'box' || t.type === 'circle') {
        out.push({
          ...glyphInk(t.glyphs[0], t.type),
          source: 'glyph',
          choice: true,
          base: t.base,
          size: t.size,
          confidence: 0.9,
        });
        out[out.length - 1].source = t.type === 'circle' ? 'circle' : 'glyph';
      } else if (t.type === 'bracket' || t.type === 'paren') {
        out.push({ ...bracketInk(t), source: t.type, choice: true, base: t.base, size: t.size, confidence: 0.85 });
      }
    }
  }
  // 2. Comb rows: touching empty boxes of one size are one field (one per group between dashes/labels).
  const combs = combGroups([...geo.cells, ...geo.squares], lines);
  const inComb = new Set(combs.flat());
  for (const g of combs) {
    const box: Box = { x1: g[0].x1 + 1, y1: g[0].y1 + 1, x2: g[g.length - 1].x2 - 1, y2: g[0].y2 - 1 };
    out.push({ ...box, source: 'box', choice: false, base: box.y1 + 1, size: 9, confidence: 0.8, combCells: g.length });
  }
  // 3. Drawn squares and circles.
  const taken = (b: Box): boolean =>
    out.some((o) => o.choice && o.x1 < b.x2 && o.x2 > b.x1 && o.y1 < b.y2 && o.y2 > b.y1);
  for (const s of geo.squares) {
    if (taken(s) || inComb.has(s)) continue;
    out.push({
      x1: s.x1,
      y1: s.y1,
      x2: s.x2,
      y2: s.y2,
      source: 'square',
      choice: true,
      base: s.y1,
      size: boxH(s),
      confidence: 0.9,
    });
  }
  for (const c of geo.circles) {
    if (taken(c)) continue;
    out.push({ ...c, source: 'circle', choice: true, base: c.y1, size: boxH(c), confidence: 0.85 });
  }
  // 4. Empty boxes and cells.
  const markers = out.filter((o) => o.choice);
  const cells = geo.cells.filter(
    (c) =>
      !inComb.has(c) &&
      !out.some((o) => o.combCells && o.x1 >= c.x1 - 1 && o.x2 <= c.x2 + 1 && o.y1 >= c.y1 - 1 && o.y2 <= c.y2 + 1) &&
      !geo.cells.some(
        (o) =>
          o !== c &&
          o.x1 >= c.x1 - 0.5 &&
          o.x2 <= c.x2 + 0.5 &&
          o.y1 >= c.y1 - 0.5 &&
          o.y2 <= c.y2 + 0.5 &&
          boxW(o) * boxH(o) < boxW(c) * boxH(c) * 0.9,
      ),
  );
  for (const c of cells) {
    if (c.filledGray !== null && c.filledGray < 0.9) continue;
    if (boxH(c) > 200 || boxW(c) < 15) continue;
    if (markers.some((m) => m.x1 >= c.x1 - 1 && m.x2 <= c.x2 + 1 && m.y1 >= c.y1 - 1 && m.y2 <= c.y2 + 1)) continue;
    const inner = tokensIn(lines, c).filter((t) => t.type !== 'blank');
    const hints = inner.filter((t) => isHint(t.text));
    const texts = inner.filter((t) => !isHint(t.text));
    const interior: Box = { x1: c.x1 + 1, y1: c.y1 + 1, x2: c.x2 - 1, y2: c.y2 - 1 };
    const cand: Candidate = {
      ...interior,
      source: 'box',
      choice: false,
      cell: c,
      base: c.y1 + 2,
      size: 9,
      confidence: 0.8,
    };
    if (hints.length) cand.hint = hints[0].text;
    if (texts.length === 0) {
      const head = headerAbove(c, geo.cells, lines);
      if (head) cand.columnHeader = head;
      if (boxH(interior) >= 7) out.push(lowerBand(cand));
      continue;
    }
    // A label in the top-left corner: the field is the part below it.
    const top = Math.max(...texts.map((t) => t.base));
    const row = texts.filter((t) => Math.abs(t.base - top) < 2);
    const below = texts.filter((t) => t.base < top - 2);
    const first = row.sort((a, b) => a.x1 - b.x1)[0];
    const labelBottom = Math.min(...row.map((t) => t.y1));
    if (
      below.length === 0 &&
      (first.x1 - c.x1 < 0.25 * boxW(c) + 6 || centred(row, c)) &&
      c.y2 - top < 14 &&
      labelBottom - c.y1 >= 10 &&
      !besideTextBlock(c, cells, lines)
    ) {
      cand.y2 = first.base - 0.3 * first.size;
      cand.innerLabelRaw = row.map((t) => t.text).join(' ');
      cand.innerLabel = cand.innerLabelRaw;
      out.push(lowerBand(cand));
    }
  }
  // 5. Free ruled lines with an empty band above.
  const textBoxes = lines.flatMap((l) => l.tokens.filter((t) => t.type === 'text' && !isHint(t.text)));
  for (const s of geo.freeLines) {
    if (s.width > 3) continue;
    const y1 = s.y1 + s.width / 2;
    const band: Box = { x1: s.x1, x2: s.x2, y1, y2: y1 + 13 };
    const inBand = textBoxes.filter(
      (t) => t.x1 < band.x2 - 2 && t.x2 > band.x1 + 2 && t.base + 0.3 * t.size > band.y1 && t.base < band.y2 - 3,
    );
    const covered = inBand.reduce((a, t) => a + Math.min(t.x2, band.x2) - Math.max(t.x1, band.x1), 0);
    if (covered > 0.15 * boxW(band) || inBand.some((t) => t.bold)) continue;
    if (out.some((o) => !o.choice && o.x1 < band.x2 && o.x2 > band.x1 && o.y1 < band.y2 && o.y2 > band.y1)) continue;
    const cand: Candidate = { ...band, source: 'line', choice: false, base: y1 + 1, size: 9, confidence: 0.75 };
    const hint = textBoxes.find((t) => t.x1 >= s.x1 - 2 && t.x2 <= s.x2 + 2 && t.y2 < y1 + 1 && t.y2 > y1 - 12);
    const hintAll = lines
      .flatMap((l) => l.tokens)
      .find((t) => isHint(t.text) && t.x1 >= s.x1 - 2 && t.x1 < s.x2 && t.base < y1 + 8 && t.base > y1 - 14);
    if (hintAll) cand.hint = hintAll.text;
    void hint;
    out.push(cand);
  }
  // 6. Blanks without a box: dash-split numbers, label followed by empty space.
  const { add, drop } = findBlanks(lines, geo, out, pageHeight);
  return [...out.filter((c) => !drop.has(c)), ...add];
}

/** A caption centred at the top of its cell ("Date of injury or onset" over the middle of the cell). */
function centred(row: Token[], c: Box): boolean {
  const x1 = Math.min(...row.map((t) => t.x1));
  const x2 = Math.max(...row.map((t) => t.x2));
  return Math.abs((x1 + x2) / 2 - (c.x1 + c.x2) / 2) < P.centredCaptionTolerance * boxW(c) + 3;
}

/**
 * Short blanks of a row that sit each under its own column header ("Yes" / "No" over `____  ____` after a
 * question): a grid of tick spaces. Empty when the row is not such a row.
 */
function blankGridRow(lines: TextLine[], l: TextLine): Set<Token> {
  const blanks = l.tokens.filter(
    (t) =>
      t.type === 'blank' &&
      t.text.includes('_') &&
      boxW(t) <= P.blankBeforeMaxEm * t.size &&
      boxW(t) >= P.blankBeforeMinEm * t.size,
  );
  if (blanks.length < 2 || !l.tokens.some((t) => t.type === 'text' && t.x2 < blanks[0].x1)) return new Set();
  const heads: Token[] = [];
  for (const b of blanks) {
    const c = (b.x1 + b.x2) / 2;
    let best: Token | null = null;
    for (const o of lines) {
      if (o.base <= l.base + 2 || o.base > l.base + P.gridHeaderMaxRise) continue;
      const t = o.tokens.find((k) => k.type === 'text' && k.x1 - 4 < c && k.x2 + 4 > c);
      if (t && (!best || o.base < best.base)) best = t;
    }
    if (!best || best.text.trim().split(/\s+/).length > 3) return new Set();
    heads.push(best);
  }
  if (new Set(heads).size !== heads.length || heads.some((h) => Math.abs(h.base - heads[0].base) > 2)) return new Set();
  return new Set(blanks);
}

/**
 * A short blank printed BEFORE a list item (`____ Insomnia`, or a `__ __ Diabetes` pair): the item's tick
 * space, a choice marker. Not when a label precedes it (`Age: ____ years` is a text blank).
 */
function isBlankBefore(toks: Token[], i: number): boolean {
  const short = (t: Token | undefined): boolean =>
    t !== undefined &&
    t.type === 'blank' &&
    t.text.includes('_') &&
    boxW(t) <= P.blankBeforeMaxEm * t.size &&
    boxW(t) >= P.blankBeforeMinEm * t.size;
  let j = i;
  while (short(toks[j]) && short(toks[j + 1]) && toks[j + 1].x1 - toks[j].x2 < 2 * toks[j].size) j++;
  if (!short(toks[i]) || !short(toks[j])) return false;
  const next = toks[j + 1];
  if (!next || next.type !== 'text' || next.x1 - toks[j].x2 > P.blankBeforeGapEm * next.size) return false;
  // Several "blank + item" pairs on one row are a list whatever precedes it ("Sex (check one): __ Male __ Female").
  const pairs = toks.filter(
    (t, k) =>
      short(t) && toks[k + 1]?.type === 'text' && toks[k + 1].x1 - t.x2 <= P.blankBeforeGapEm * toks[k + 1].size,
  ).length;
  if (pairs >= 2) return true;
  if (!/^[A-Za-zÀ-ÿ¿]/.test(next.text.trim())) return false;
  let k = i;
  while (short(toks[k - 1]) && toks[k].x1 - toks[k - 1].x2 < 2 * toks[k].size) k--;
  const prev = toks[k - 1];
  return !prev || prev.type !== 'text' || toks[k].x1 - prev.x2 > 2 * toks[k].size || !/[:?]\s*$/.test(prev.text);
}

/**
 * Runs of at least two touching, equally sized, empty narrow boxes on one row. A box holding text (a
 * dash, a label) or a gap ends a run, so "[][][] - [][] - [][][][]" gives three groups.
 */
function combGroups(boxes: Cell[], lines: TextLine[]): Cell[][] {
  const narrow = boxes.filter((b) => {
    const w = boxW(b);
    const h = boxH(b);
    return w >= 6 && w <= 24 && h >= 8 && h <= 30 && w <= 1.6 * h && tokensIn(lines, b).length === 0;
  });
  narrow.sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
  const groups: Cell[][] = [];
  for (const b of narrow) {
    const g = groups.find((x) => {
      const last = x[x.length - 1];
      return (
        Math.abs(last.y1 - b.y1) < 1 &&
        Math.abs(last.y2 - b.y2) < 1 &&
        Math.abs(b.x1 - last.x2) < 1.5 &&
        Math.abs(boxW(b) - boxW(last)) < 2
      );
    });
    if (g) g.push(b);
    else groups.push([b]);
  }
  return groups.filter((g) => g.length >= 2);
}

/**
 * A single-line field sits on the bottom of a box that is somewhat taller than a line: keep the lower band
 * (at least 14 pt, or 62 % of the height, which still overlaps a full-height field by more than half).
 */
function lowerBand(c: Candidate): Candidate {
  const h = boxH(c);
  if (h <= 18 || h > 32) return c;
  return { ...c, y2: c.y1 + Math.max(14, 0.62 * h) };
}

/**
 * A row header of a text table: the cell next to it on the same row holds several lines of text, so the
 * empty space under the header is the row's height, not a blank.
 */
function besideTextBlock(c: Cell, cells: Cell[], lines: TextLine[]): boolean {
  return cells.some((o) => {
    if (o === c || (Math.abs(o.x1 - c.x2) > 2 && Math.abs(o.x2 - c.x1) > 2)) return false;
    if (Math.min(o.y2, c.y2) - Math.max(o.y1, c.y1) < 0.8 * boxH(c)) return false;
    const rows = new Set(
      tokensIn(lines, o)
        .filter((t) => t.type === 'text')
        .map((t) => Math.round(t.base)),
    );
    return rows.size >= 3;
  });
}

/** Walks up a table column through empty cells of the same width to a header cell with text. */
function headerAbove(c: Cell, cells: Cell[], lines: TextLine[]): string | undefined {
  let cur: Cell = c;
  for (let depth = 0; depth < 40; depth++) {
    const up = cells.find(
      (o) => Math.abs(o.x1 - cur.x1) < 2 && Math.abs(o.x2 - cur.x2) < 2 && Math.abs(o.y1 - cur.y2) < 2,
    );
    if (!up) return undefined;
    const toks = tokensIn(lines, up).filter((t) => t.type === 'text' && !isHint(t.text));
    if (toks.length) return toks.map((t) => t.text).join(' ');
    cur = up;
  }
  return undefined;
}
