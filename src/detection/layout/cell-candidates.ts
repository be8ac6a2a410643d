/**
 * Candidates drawn as boxes: combs (rows of one-character boxes) and table cells, empty or with a label in
 * their top-left corner.
 */
import { blank } from './blank-space';
import { isHint, tokensIn } from './box-text';
import type { Candidate } from './candidate';
import type { Cell, Geometry } from './geometry';
import { LAYOUT_PARAMS as P } from './params';
import {
  adjoinsOnRow,
  aligned,
  besideTextBlock,
  headerAbove,
  headsEmptyColumn,
  headsTextColumn,
  inTextTable,
  labelsTickGrid,
} from './text-tables';
import { textOf, type TextLine, type Token } from './text';
import { boxArea, boxH, boxW, inside, type Box } from './types';

/** pt: a field's interior is its box inset by this much (the box's own ink). */
const BOX_INK = 1;
/** pt: a comb or a marker is inside a cell when within this of its edges. */
const INSIDE_SLACK = 1;

/** Combs: rows of touching boxes, one character each (SSN, EIN, dates), in pt. */
const COMB = {
  /** A comb box's width and height (one written character); at most `maxAspect` times as wide as tall. */
  minWidth: 6,
  maxWidth: 24,
  minHeight: 8,
  maxHeight: 30,
  maxAspect: 1.6,
  /** Boxes of one comb share their top and bottom, touch the previous one's end and share their width within these. */
  rowTolerance: 1,
  touchGap: 1.5,
  widthTolerance: 2,
  /** The comb's baseline sits this far over its interior's bottom. */
  baseRise: 1,
  /** As sure as a cell: drawn boxes are fields. */
  confidence: 0.8,
} as const;

/** Empty boxes and table cells (pt unless noted). */
const CELL = {
  /** A smaller cell inside this one (within the slack, under the share of its area) makes it a frame around cells. */
  nestedSlack: 0.5,
  nestedAreaShare: 0.9,
  /** 0..1 gray: a cell filled darker than this is a shaded label or header cell. */
  shadedGray: 0.9,
  /** A cell taller than this is a page region, one narrower than `minWidth` a gap between rules. */
  maxHeight: 200,
  minWidth: 15,
  /** An empty cell's interior must be this tall to write in. */
  interiorMinHeight: 7,
  /** A cell's baseline sits this far over its bottom. */
  baseRise: 2,
  confidence: 0.8,
  /** Texts with baselines within this are one row (the corner label's). */
  rowTolerance: 2,
  /** A corner label: its start off the left edge (width share plus inset), baseline under the top, room under it. */
  cornerShare: 0.25,
  cornerInset: 6,
  cornerMaxDrop: 14,
  cornerRoomBelow: 10,
  /** em: the field under a corner label ends this far under the label's baseline (its descenders). */
  labelDescentEm: 0.3,
  /** A currency sign opening an amount cell: its start off the left edge at most, the amount's gap after it. */
  signInset: 6,
  signGap: 2,
  /** A caption is centred when its middle is within `centredCaptionTolerance` of the cell's width plus this. */
  centredSlack: 3,
} as const;

/** Lower band of a box (see `lowerBand`), in pt. */
const LOWER_BAND = {
  /** Boxes up to `minBoxHeight` tall are one line already, boxes over `maxBoxHeight` areas for several lines. */
  minBoxHeight: 18,
  maxBoxHeight: 32,
  /** The band is at least this tall, or this share of the box (still over half of a full-height field). */
  minHeight: 14,
  share: 0.62,
} as const;

/** A box's interior: the box inset by `ink` on every side. */
const inset = (b: Box, ink: number): Box => ({ x1: b.x1 + ink, y1: b.y1 + ink, x2: b.x2 - ink, y2: b.y2 - ink });

/** One comb row as a field: the interior of its boxes, one character each. */
export function combCandidate(g: Cell[]): Candidate {
  const box = inset({ x1: g[0].x1, y1: g[0].y1, x2: g[g.length - 1].x2, y2: g[0].y2 }, BOX_INK);
  return { ...blank(box, COMB.confidence, box.y1 + COMB.baseRise, 'box'), combCells: g.length };
}

/**
 * Empty cells (the field is the lower band), and cells with a label in their top-left corner (the field is
 * the part below it). Skips cells of combs, frames around smaller cells, shaded cells and cells with markers.
 */
export function addCellCandidates(out: Candidate[], lines: TextLine[], geo: Geometry, inComb: Set<Cell>): void {
  const markers = out.filter((o) => o.choice);
  const divided = dividedEntryBoxes(geo.cells, lines);
  const skip = new Set([...inComb, ...[...divided.values()].flat()]);
  const frame = (c: Cell): boolean =>
    geo.cells.some((o) => o !== c && inside(o, c, CELL.nestedSlack) && boxArea(o) < boxArea(c) * CELL.nestedAreaShare);
  const cells = geo.cells.filter(
    (c) => !skip.has(c) && !out.some((o) => o.combCells && inside(o, c, INSIDE_SLACK)) && (divided.has(c) || !frame(c)),
  );
  for (const c of cells) {
    if (shaded(c)) continue;
    if (boxH(c) > CELL.maxHeight || boxW(c) < CELL.minWidth) continue;
    if (markers.some((m) => inside(m, c, INSIDE_SLACK))) continue;
    const all = tokensIn(lines, c);
    const inner = all.filter((t) => t.type !== 'blank');
    const hints = inner.filter((t) => isHint(t.text));
    const sign = inner.find((t) => currencySign(t, c));
    const texts = inner.filter((t) => !isHint(t.text) && t !== sign);
    // A shade with text on it is a label or heading band, not a box to write in.
    if (c.fillOnly && texts.length) continue;
    const interior = inset(c, c.fillOnly ? 0 : BOX_INK);
    // An amount is written after the currency sign printed at the cell's left.
    if (sign) interior.x1 = sign.x2 + CELL.signGap;
    const cand: Candidate = { ...blank(interior, CELL.confidence, c.y1 + CELL.baseRise, 'box'), cell: c };
    if (hints.length) cand.hint = hints[0].text;
    if (texts.length === 0) {
      if (headsTextColumn(c, geo.cells, lines, markers)) continue;
      const head = headerAbove(c, geo.cells, lines, currencySign);
      if (head) cand.columnHeader = head;
      if (boxH(interior) >= CELL.interiorMinHeight) out.push(lowerBand(cand));
      continue;
    }
    // A label in the top-left corner: the field is the part below it. Unless the label has its blank printed
    // after it (`Date: ____/____/______` in a tall cell): that blank is the field.
    if (all.some((t) => t.type === 'blank')) continue;
    const top = Math.max(...texts.map((t) => t.base));
    const row = texts.filter((t) => Math.abs(t.base - top) < CELL.rowTolerance);
    const first = row.sort((a, b) => a.x1 - b.x1)[0];
    if (
      texts.every((t) => t.base >= top - CELL.rowTolerance) &&
      // A bold line alone in a box no other cell adjoins on its row is a section heading drawn boxed.
      !(row.every((t) => t.bold) && !adjoinsOnRow(c, cells)) &&
      (first.x1 - c.x1 < CELL.cornerShare * boxW(c) + CELL.cornerInset || centred(row, c)) &&
      c.y2 - top < CELL.cornerMaxDrop &&
      Math.min(...row.map((t) => t.y1)) - c.y1 >= CELL.cornerRoomBelow &&
      !besideTextBlock(c, cells, lines, top, markers) &&
      !inTextTable(c, geo.cells, lines) &&
      !labelsTickGrid(c, geo.cells, lines, markers) &&
      !headsEmptyColumn(c, geo.cells, lines)
    ) {
      cand.y2 = first.base - CELL.labelDescentEm * first.size;
      cand.innerLabelRaw = textOf(row);
      cand.innerLabel = cand.innerLabelRaw;
      out.push(lowerBand(cand));
    }
  }
}

/**
 * Entry boxes (a fill of their own) divided by rules into empty parts of their full height, side by side: the
 * parts are the digit groups of one number (an SSN's 3-2-4 in a dependents table), written as one field.
 */
function dividedEntryBoxes(cells: Cell[], lines: TextLine[]): Map<Cell, Cell[]> {
  const out = new Map<Cell, Cell[]>();
  for (const c of cells) {
    if (!c.fillOnly) continue;
    const parts = cells.filter(
      (o) => o !== c && !o.fillOnly && aligned(o.y1, c.y1) && aligned(o.y2, c.y2) && inside(o, c, CELL.nestedSlack),
    );
    const width = parts.reduce((a, o) => a + boxW(o), 0);
    if (parts.length >= 2 && aligned(width, boxW(c)) && parts.every((o) => tokensIn(lines, o).length === 0))
      out.set(c, parts);
  }
  return out;
}

/** `$` (or another currency sign) alone at the left of a cell's lower half: the cell holds an amount. */
const currencySign = (t: Token, c: Box): boolean =>
  /^[$€£]$/.test(t.text.trim()) && t.x1 - c.x1 < CELL.signInset && t.y1 < (c.y1 + c.y2) / 2;

/** A caption centred at the top of its cell ("Date of injury or onset" over the middle of the cell). */
function centred(row: Token[], c: Box): boolean {
  const x1 = Math.min(...row.map((t) => t.x1));
  const x2 = Math.max(...row.map((t) => t.x2));
  return Math.abs((x1 + x2) / 2 - (c.x1 + c.x2) / 2) < P.centredCaptionTolerance * boxW(c) + CELL.centredSlack;
}

/**
 * Runs of at least two touching, equally sized, empty narrow boxes on one row. A box holding text (a
 * dash, a label) or a gap ends a run, so "[][][] - [][] - [][][][]" gives three groups.
 */
export function combGroups(boxes: Cell[], lines: TextLine[]): Cell[][] {
  const narrow = boxes.filter((b) => {
    const [w, h] = [boxW(b), boxH(b)];
    const sized = w >= COMB.minWidth && w <= COMB.maxWidth && h >= COMB.minHeight && h <= COMB.maxHeight;
    // A cell framing a drawn tick box (a Yes/No grid's cell) holds no character of its own.
    const frames = boxes.some((o) => o !== b && boxW(o) < boxW(b) / 2 && inside(o, b, INSIDE_SLACK));
    return sized && w <= COMB.maxAspect * h && tokensIn(lines, b).length === 0 && !frames;
  });
  narrow.sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
  const groups: Cell[][] = [];
  for (const b of narrow) {
    const g = groups.find((x) => {
      const last = x[x.length - 1];
      return (
        Math.abs(last.y1 - b.y1) < COMB.rowTolerance &&
        Math.abs(last.y2 - b.y2) < COMB.rowTolerance &&
        Math.abs(b.x1 - last.x2) < COMB.touchGap &&
        Math.abs(boxW(b) - boxW(last)) < COMB.widthTolerance
      );
    });
    if (g) g.push(b);
    else groups.push([b]);
  }
  return groups.filter((g) => g.length >= 2);
}

/** A grey fill drawn without a stroke: an entry box when empty, a heading band when text is printed on it. */
export const greyFill = (c: Cell): boolean => c.fillOnly && c.filledGray !== null && c.filledGray < CELL.shadedGray;

/** A cell shaded darker than an entry box's tint: a heading or label band, never a box to write in. */
export const shaded = (c: Cell): boolean => c.filledGray !== null && c.filledGray < CELL.shadedGray && !c.fillOnly;

/**
 * A single-line field sits on the bottom of a box that is somewhat taller than a line: keep the lower band
 * (`LOWER_BAND`).
 */
function lowerBand(c: Candidate): Candidate {
  const h = boxH(c);
  if (h <= LOWER_BAND.minBoxHeight || h > LOWER_BAND.maxBoxHeight) return c;
  return { ...c, y2: c.y1 + Math.max(LOWER_BAND.minHeight, LOWER_BAND.share * h) };
}
