/**
 * Tables on a page: rows of printed text (a table of contents, an address list, a row made tall by a wrapped
 * paragraph), where the room under a cell's first line is the row's height and not a blank, and column headers.
 */
import { isHint, tokensIn } from './box-text';
import type { Cell } from './geometry';
import { textOf, type TextLine, type Token } from './text';
import { boxH, inside, overlapY, type Box } from './types';

/** pt: table cells whose edges differ by less than this are aligned (same row or column, touching). */
export const TABLE_ALIGN = 2;

/** Tables (pt unless noted). */
const TABLE = {
  /** Share of a cell's height two neighbours overlap by to be on one row. */
  rowOverlapShare: 0.8,
  /** A neighbour with text on this many rows holds a text block. */
  textBlockRows: 3,
  /** A paragraph whose last line ends within this of its cell's bottom fills the cell. */
  paragraphBottomGap: 7,
  /** An empty cell over this many cells with text heads a column of printed questions... */
  textColumnRows: 2,
  /** ... unless a cell's text leaves this much room under it (a caption over its field). */
  captionRoom: 10,
  /** Cells walked up a column to find its header at most (a long table). */
  maxHeaderDepth: 40,
  /** 0..1 gray: a cell filled darker than this is a header cell. */
  headerGray: 0.9,
  /** pt: texts whose baselines differ by at most this are on one line. */
  sameLine: 1,
} as const;

export const aligned = (a: number, b: number): boolean => Math.abs(a - b) < TABLE_ALIGN;
/** The words in a box, format hints left out. */
export const cellText = (lines: TextLine[], b: Box): Token[] =>
  tokensIn(lines, b).filter((t) => t.type === 'text' && !isHint(t.text));
/** The cell of the same column right over (`side` 1) or under (-1) `c`. */
const nextInColumn = (c: Box, cells: Cell[], side: 1 | -1): Cell | undefined =>
  cells.find(
    (o) => aligned(o.x1, c.x1) && aligned(o.x2, c.x2) && aligned(side > 0 ? o.y1 : o.y2, side > 0 ? c.y2 : c.y1),
  );
/** The cells up (`side` 1) or down (-1) `c`'s column, nearest first: `depth` at most. */
function* column(c: Box, cells: Cell[], side: 1 | -1, depth: number): Generator<Cell> {
  for (let at = nextInColumn(c, cells, side), n = 0; at && n < depth; at = nextInColumn(at, cells, side), n++) yield at;
}
/** Another cell on `c`'s row (sharing most of its height) touches it left or right. */
export const adjoinsOnRow = (c: Box, cells: Box[]): boolean =>
  cells.some(
    (o) => o !== c && overlapY(o, c) >= TABLE.rowOverlapShare * boxH(c) && (aligned(o.x1, c.x2) || aligned(o.x2, c.x1)),
  );
const firstLine = (texts: Token[]): number => Math.max(...texts.map((t) => t.base));

/**
 * A row of a text table: the cell next to it on the same row holds several lines of text (or lines reaching
 * its bottom), so the empty space under this cell's text is the row's height, not a blank.
 */
export function besideTextBlock(c: Cell, cells: Cell[], lines: TextLine[], top: number, markers: Box[] = []): boolean {
  return cells.some((o) => {
    // A neighbour with boxes to tick holds a question and its options, not a block of text.
    if (o === c || overlapY(o, c) < TABLE.rowOverlapShare * boxH(c) || markers.some((m) => inside(m, o, 1)))
      return false;
    // A word printed one letter per line up a cell's side (`C o d e` by W-2 box 12's code) is no line of text.
    const texts = cellText(lines, o).filter((t) => t.text.trim().length > 1);
    const starts = new Map<number, number>();
    for (const t of texts) starts.set(Math.round(t.base), Math.min(t.x1, starts.get(Math.round(t.base)) ?? Infinity));
    if ((aligned(o.x1, c.x2) || aligned(o.x2, c.x1)) && starts.size >= TABLE.textBlockRows) return true;
    // A paragraph wrapped down to the bottom of a cell of the same row, its first line level with this cell's
    // text (both are the row's content): the row is as tall as that paragraph.
    const sameRow =
      aligned(o.y1, c.y1) && aligned(o.y2, c.y2) && [...starts.keys()].some((b) => Math.abs(b - top) <= 1);
    const oneStyle = texts.every((t) => t.bold === texts[0].bold && Math.abs(t.size - texts[0].size) < 0.5);
    const wrapped = starts.size >= 2 && oneStyle && aligned(Math.max(...starts.values()), Math.min(...starts.values()));
    return sameRow && wrapped && Math.min(...texts.map((t) => t.y1)) - o.y1 < TABLE.paragraphBottomGap;
  });
}

/**
 * An empty cell over a column whose next cells down are all filled by their text (`Nausea`, `Headaches` under the
 * blank header of a grid's second block of questions): a header with nothing printed in it, not a box to write in.
 */
export function headsTextColumn(c: Cell, cells: Cell[], lines: TextLine[], markers: Box[]): boolean {
  const below = [...column(c, cells, -1, TABLE.textColumnRows)];
  if (below.length < TABLE.textColumnRows) return false;
  for (const down of below) {
    if (markers.some((m) => inside(m, down, 1))) return false;
    const inner = tokensIn(lines, down);
    const texts = cellText(lines, down);
    // Option words beside their boxes (`☐ Single  ☐ Married`) are answers, and a caption with room to write under
    // it (`2. ADDRESS` in a form's grid) is a field of its own: either way the column holds fields.
    const room = (): number => Math.min(...texts.map((t) => t.y1)) - down.y1;
    const caption = room() >= TABLE.captionRoom && !labelsTickGrid(down, cells, lines, markers);
    if (!texts.length || texts.length < inner.length || caption) return false;
  }
  return true;
}

/** Walks up a table column through cells with no words of their own (`skip` says which) to its header's text. */
export function headerAbove(c: Cell, cells: Cell[], lines: TextLine[], skip: (t: Token, c: Cell) => boolean): string {
  for (const up of column(c, cells, 1, TABLE.maxHeaderDepth)) {
    const words = cellText(lines, up).filter((t) => !skip(t, up));
    if (words.length) return textOf(words);
  }
  return '';
}

/** The cells of `c`'s row: same top and bottom, touching one another left and right of it. */
function rowOf(c: Cell, cells: Cell[]): Cell[] {
  const row = [c];
  const same = cells.filter((o) => aligned(o.y1, c.y1) && aligned(o.y2, c.y2) && !o.fillOnly);
  for (let grew = true; grew; ) {
    const more = same.filter((o) => !row.includes(o) && row.some((r) => aligned(o.x1, r.x2) || aligned(o.x2, r.x1)));
    row.push(...more);
    grew = more.length > 0;
  }
  return row;
}

/** Every cell of the row holds text starting on one line, and there are two cells at least. */
function allText(row: Cell[], lines: TextLine[]): boolean {
  const texts = row.map((o) => cellText(lines, o));
  if (row.length < 2 || texts.some((t) => t.length === 0)) return false;
  return texts.every((t) => Math.abs(firstLine(t) - firstLine(texts[0])) <= TABLE.sameLine);
}

/**
 * `c`'s text asks a grid of tick boxes: a cell of its row holds boxes and no words (`Asthma | ☐ | ☐`), or one
 * under a cell of its row does (the `Condition | Yes | No` header over them). It is no caption over a blank.
 */
export function labelsTickGrid(c: Cell, cells: Cell[], lines: TextLine[], markers: Box[]): boolean {
  const ticksOnly = (o: Cell | undefined): boolean =>
    o !== undefined && markers.some((m) => inside(m, o, 1)) && cellText(lines, o).length === 0;
  const row = rowOf(c, cells);
  return row.some((o) => o !== c && ticksOnly(o)) || row.some((o) => ticksOnly(nextInColumn(o, cells, -1)));
}

/** A header cell (bold words, or shaded) over an empty cell of its column: the column's fields are under it. */
export function headsEmptyColumn(c: Cell, cells: Cell[], lines: TextLine[]): boolean {
  const below = nextInColumn(c, cells, -1);
  return below !== undefined && header(c, lines) && tokensIn(lines, below).length === 0;
}

/** A header cell: shaded, or holding bold text only. */
function header(c: Cell, lines: TextLine[]): boolean {
  const texts = cellText(lines, c);
  return (c.filledGray !== null && c.filledGray < TABLE.headerGray) || (texts.length > 0 && texts.every((t) => t.bold));
}

/**
 * `c` is a cell of a row of printed text: every cell of its row holds text, and either its column leads up through
 * such rows to a header cell, or its row is a header (bold) over such a row.
 */
export function inTextTable(c: Cell, cells: Cell[], lines: TextLine[]): boolean {
  const row = rowOf(c, cells);
  if (!allText(row, lines)) return false;
  if (row.every((o) => header(o, lines))) {
    const below = nextInColumn(c, cells, -1);
    return below !== undefined && allText(rowOf(below, cells), lines);
  }
  for (const up of column(c, cells, 1, TABLE.maxHeaderDepth)) {
    if (!cellText(lines, up).length) return false;
    if (header(up, lines)) return true;
    if (!allText(rowOf(up, cells), lines)) return false;
  }
  return false;
}
