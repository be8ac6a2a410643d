/**
 * Tables of printed text (a table of contents, an address list): every cell of a row holds its text, so the room
 * under a cell's first line is the row's height, not a blank to write in.
 */
import { isHint, tokensIn } from './box-text';
import type { Cell } from './geometry';
import type { TextLine, Token } from './text';

/** pt: cell edges this close are one edge. */
const ALIGN = 2;
/** pt: texts whose baselines differ by at most this are on one line. */
const SAME_LINE = 1;
/** Cells walked up a column to find its header at most. */
const MAX_DEPTH = 40;
/** 0..1 gray: a cell filled darker than this is a header cell. */
const HEADER_GRAY = 0.9;

const aligned = (a: number, b: number): boolean => Math.abs(a - b) < ALIGN;
const words = (lines: TextLine[], c: Cell): Token[] =>
  tokensIn(lines, c).filter((t) => t.type === 'text' && !isHint(t.text));
const firstLine = (texts: Token[]): number => Math.max(...texts.map((t) => t.base));

/** The cells of `c`'s row: same top and bottom, touching one another left and right of it. */
function rowOf(c: Cell, cells: Cell[]): Cell[] {
  const row = [c];
  const same = cells.filter((o) => aligned(o.y1, c.y1) && aligned(o.y2, c.y2) && !o.fillOnly);
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of same)
      if (!row.includes(o) && row.some((r) => aligned(o.x1, r.x2) || aligned(o.x2, r.x1))) {
        row.push(o);
        grew = true;
      }
  }
  return row;
}

/** Every cell of the row holds text starting on one line, and there are two cells at least. */
function allText(row: Cell[], lines: TextLine[]): boolean {
  if (row.length < 2) return false;
  const texts = row.map((o) => words(lines, o));
  if (texts.some((t) => t.length === 0)) return false;
  const top = firstLine(texts[0]);
  return texts.every((t) => Math.abs(firstLine(t) - top) <= SAME_LINE);
}

/** A header cell: shaded, or holding bold text only. */
function header(c: Cell, lines: TextLine[]): boolean {
  const texts = words(lines, c);
  return (c.filledGray !== null && c.filledGray < HEADER_GRAY) || (texts.length > 0 && texts.every((t) => t.bold));
}

/**
 * `c` is a cell of a row of printed text: every cell of its row holds text, and either its column leads up through
 * such rows to a header cell, or its row is a header (bold) over such a row.
 */
export function inTextTable(c: Cell, cells: Cell[], lines: TextLine[]): boolean {
  const row = rowOf(c, cells);
  if (!allText(row, lines)) return false;
  if (row.every((o) => header(o, lines))) {
    const below = cells.find((o) => aligned(o.x1, c.x1) && aligned(o.x2, c.x2) && aligned(o.y2, c.y1));
    return below !== undefined && allText(rowOf(below, cells), lines);
  }
  let at = c;
  for (let n = 0; n < MAX_DEPTH; n++) {
    const up = cells.find((o) => aligned(o.x1, at.x1) && aligned(o.x2, at.x2) && aligned(o.y1, at.y2));
    if (!up || !words(lines, up).length) return false;
    if (header(up, lines)) return true;
    if (!allText(rowOf(up, cells), lines)) return false;
    at = up;
  }
  return false;
}
