/**
 * Fields with no box of their own, in empty space: dash rows (SSN "___ - __ - ____", dates, phones) and label blanks
 * (`label-blanks.ts`: a short label, then room on its row). Run after the boxed candidates, which nothing may overlap.
 */
import type { Candidate } from './candidate';
import { blank, OVERLAP_PAD, RULE_CLEARANCE, vRule, type BlankContext } from './blank-space';
import type { Geometry } from './geometry';
import { labelBlanks } from './label-blanks';
import type { TextLine } from './text';
import { boxW, intersects, type Box, type Segment } from './types';

/** Dash rows: numbers printed as parts between short thick dashes ("___ - __ - ____"), in pt. */
const DASH = {
  /** A dash is this long (shorter: a dot; longer: a rule) and `minWidth` thick at least (not an underline). */
  minLength: 4,
  maxLength: 11,
  minWidth: 1,
  /** Dashes of one row differ by less than this in y. */
  rowTolerance: 1.5,
  /** Neighbouring dashes of one row leave room for at least one digit and at most a long group. */
  minGap: 8,
  maxGap: 160,
  /** A part's band reaches this far below and above the dash (one line of handwriting). */
  bandBelow: 8,
  bandAbove: 8.5,
  /** Text is on the row when its baseline is between the band's bottom and top, less these. */
  rowTextBelow: 2,
  rowTextTopInset: 4,
  /** The first part keeps this clear of the label on its left. */
  labelClearance: 6,
  /** The last part keeps this clear of the text on its right. */
  textClearance: 5,
  /** The first part reaches its label this far away, or this many middle parts (further: another field's label). */
  firstPartMinReach: 60,
  firstPartReachOfMiddle: 2.5,
  /** Without middle parts, the label may be this far away. */
  firstPartReachAlone: 120,
  /** A first part with no label in reach is this wide (or as wide as a middle part). */
  firstPartWidth: 50,
  /** The last part's width in middle parts (the longer group ending SSNs and phones), or else in first parts. */
  lastPartOfMiddle: 1.6,
  lastPartOfFirst: 0.8,
  /** Every part is at least this wide (one digit) and at most this wide (else not a number's part). */
  partMinWidth: 8,
  partMaxWidth: 250,
  /** The baseline of a part sits this far above its band's bottom. */
  baseRise: 2,
  /** Less sure than a drawn box: the field's extent is guessed. */
  confidence: 0.6,
} as const;

/**
 * Rows of short dashes with empty space between and around them: one field per part. The last part has
 * no right edge of its own: it is sized like the longer group of digits that usually ends such numbers.
 */
function dashRows(ctx: BlankContext, dashes: Segment[]): Candidate[] {
  const rows: Segment[][] = [];
  for (const d of [...dashes].sort((a, b) => a.x1 - b.x1)) {
    // A table's cell wall between two dashes ends the row: an SSN and a date side by side are two numbers.
    const walled = (prev: Segment): boolean =>
      vRule(ctx.geo, prev.x2, d.y1 - DASH.bandBelow, d.y1 + DASH.bandAbove, 1) < d.x1;
    const r = rows.find((x) => {
      const prev = x[x.length - 1];
      const gap = d.x1 - prev.x2;
      return Math.abs(x[0].y1 - d.y1) < DASH.rowTolerance && gap > DASH.minGap && gap < DASH.maxGap && !walled(prev);
    });
    if (r) r.push(d);
    else rows.push([d]);
  }
  // Each row is in x order: the dashes joined it left to right.
  return rows.flatMap((row) => {
    const first = row[0];
    const last = row[row.length - 1];
    const y1 = first.y1 - DASH.bandBelow;
    const y2 = first.y1 + DASH.bandAbove;
    const rowText = ctx.tokens.filter((t) => t.base > y1 - DASH.rowTextBelow && t.base < y2 - DASH.rowTextTopInset);
    const gap = RULE_CLEARANCE;
    const band = (x1: number, x2: number): Box => ({ x1, x2, y1, y2 });
    const parts = row.slice(1).map((d, i) => band(row[i].x2 + gap, d.x1 - gap));
    const mid = parts.length ? parts.reduce((a, p) => a + boxW(p), 0) / parts.length : 0;
    // First part: from the label (or the rule) on the left up to the first dash.
    let x0 = Math.max(
      Math.max(...rowText.filter((t) => t.x2 <= first.x1).map((t) => t.x2)) + DASH.labelClearance,
      vRule(ctx.geo, first.x1, y1, y2, -1) + gap,
    );
    const maxFirst = mid
      ? Math.max(DASH.firstPartMinReach, mid * DASH.firstPartReachOfMiddle)
      : DASH.firstPartReachAlone;
    if (!Number.isFinite(x0) || first.x1 - gap - x0 > maxFirst) x0 = first.x1 - gap - (mid || DASH.firstPartWidth);
    const head = band(x0, first.x1 - gap);
    // Last part: sized from the middle parts (or the first), cut at the next obstacle.
    const width = mid ? DASH.lastPartOfMiddle * mid : DASH.lastPartOfFirst * boxW(head);
    const stop = Math.min(
      Math.min(...rowText.filter((t) => t.x1 >= last.x2).map((t) => t.x1)) - DASH.textClearance,
      vRule(ctx.geo, last.x2, y1, y2, 1) - gap,
    );
    const tail = band(last.x2 + gap, Math.min(stop, last.x2 + gap + width));
    const all = [head, ...parts, tail];
    if (all.some((p) => boxW(p) < DASH.partMinWidth || boxW(p) > DASH.partMaxWidth)) return [];
    // Every part must be empty: a dash inside running text is punctuation, not a blank.
    if (all.some((p) => ctx.tokens.some((t) => intersects(t, p, OVERLAP_PAD)))) return [];
    const open = all.filter((p) => !ctx.taken.some((o) => intersects(o, p, OVERLAP_PAD)));
    return open.map((p) => blank(p, DASH.confidence, y1 + DASH.baseRise));
  });
}

/** New candidates, and the boxes they replace: a box holding a dash row is a cell around its parts, not a field. */
export function findBlanks(
  lines: TextLine[],
  geo: Geometry,
  existing: Candidate[],
  height: number,
): { add: Candidate[]; drop: Set<Candidate> } {
  const ctx: BlankContext = {
    tokens: lines.flatMap((l) => l.tokens),
    geo,
    taken: existing.filter((c) => c.source !== 'box'),
    choices: existing.filter((c) => c.choice),
    fields: existing.filter((c) => !c.choice),
    height,
  };
  // Short thick horizontal strokes standing for printed dashes between the parts of a number.
  const dashes = geo.hLines.filter(
    (s) => boxW(s) >= DASH.minLength && boxW(s) <= DASH.maxLength && s.width >= DASH.minWidth,
  );
  const a = dashRows(ctx, dashes);
  const drop = new Set(existing.filter((c) => c.source === 'box' && a.some((p) => intersects(c, p, OVERLAP_PAD))));
  ctx.taken = [...existing.filter((c) => !drop.has(c)), ...a];
  const b = labelBlanks(ctx, lines, dashes);
  return { add: [...a, ...b], drop };
}
