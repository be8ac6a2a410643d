/**
 * Reading order of one page: rows top to bottom, left to right within a row, except in two-column zones, where the left
 * column is read to its end before the right one. A zone starts at a row of headings with one heading in the right part
 * of the page (each column titles its own section), and ends at the first row with something printed across the gutter,
 * or at a heading on the left with nothing beside it (a new full-width section). Without that cue the page reads row by
 * row: fields side by side on one row ("City  State  ZIP") are one row of a grid, not two columns.
 */
import type { Box } from './layout/types';

export interface OrderItem extends Box {
  /** Caller's index of the item. */
  ref: number;
  heading: boolean;
}

export const ORDER_PARAMS = {
  /** A right-column heading starts at least this far across the page (share of the width). */
  rightColumnFrom: 0.35,
  /** Clearance left of the right column's heading that nothing in the zone may cross (pt). */
  gutterPad: 3,
};

const cy = (b: Box): number => (b.y1 + b.y2) / 2;

/** Items grouped into rows: an item joins the row whose first item's vertical span holds its centre. */
export function rowsOf<T extends Box>(items: T[]): T[][] {
  const sorted = [...items].sort((a, b) => cy(b) - cy(a) || a.x1 - b.x1);
  const rows: T[][] = [];
  for (const it of sorted) {
    const row = rows[rows.length - 1];
    const head = row?.[0];
    if (head && cy(it) >= head.y1 && cy(it) <= head.y2) row.push(it);
    else rows.push([it]);
  }
  for (const r of rows) r.sort((a, b) => a.x1 - b.x1);
  return rows;
}

export function readingOrder(items: OrderItem[], pageWidth: number): number[] {
  const rows = rowsOf(items);
  const out: number[] = [];
  for (let i = 0; i < rows.length; ) {
    const gutter = zoneStart(rows[i], pageWidth);
    if (gutter === null) {
      out.push(...rows[i++].map((it) => it.ref));
      continue;
    }
    const left: OrderItem[] = [];
    const right: OrderItem[] = [];
    for (const start = i; i < rows.length && !crossesGutter(rows[i], gutter); i++) {
      const lhs = rows[i].filter((it) => it.x2 <= gutter + 1);
      const rhs = rows[i].filter((it) => it.x2 > gutter + 1);
      if (i > start && rhs.length === 0 && lhs.some((it) => it.heading)) break;
      left.push(...lhs);
      right.push(...rhs);
    }
    out.push(...left.map((it) => it.ref), ...right.map((it) => it.ref));
  }
  return out;
}

const crossesGutter = (row: OrderItem[], gutter: number): boolean =>
  row.some((it) => it.x1 < gutter - 1 && it.x2 > gutter + 1);

/** The gutter x when this row opens a two-column zone, else null. */
function zoneStart(row: OrderItem[], pageWidth: number): number | null {
  const rightHeading = row.find((it) => it.heading && it.x1 >= ORDER_PARAMS.rightColumnFrom * pageWidth);
  if (!rightHeading) return null;
  const gutter = rightHeading.x1 - ORDER_PARAMS.gutterPad;
  return row.some((it) => it.x2 <= gutter) && !crossesGutter(row, gutter) ? gutter : null;
}

/** Items by key, each group in the items' order; an item whose key is null belongs to no group. */
export function groupBy<T, K>(items: T[], keyOf: (t: T) => K | null): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const t of items) {
    const k = keyOf(t);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  return groups;
}

/**
 * Options of one question stay together, in their printed order, at the place of the first one: a list
 * wrapped over several rows or split over columns is still one question.
 */
export function keepQuestionsTogether<T>(ordered: T[], keyOf: (t: T) => string | null): T[] {
  const groups = groupBy(ordered, keyOf);
  // The first option of a question brings the others; they are then left out where they stand.
  return ordered.flatMap((t) => {
    const k = keyOf(t);
    if (k === null) return [t];
    const group = groups.get(k)!;
    return group[0] === t ? group : [];
  });
}
