/**
 * Label blanks: a short label followed by empty space on its row. The space up to the next label, vertical
 * rule or the end of the rule under the row is the field.
 */
import { blank, free, vRule, type BlankContext } from './blank-space';
import type { Candidate } from './candidate';
import { besideTextBlock } from './cell-candidates';
import type { TextLine, Token } from './text';
import { boxW, type Box, type Segment } from './types';

/** Thresholds of label blanks (pt unless noted). */
const LABEL = {
  /** A label is printed this small at least (fine print is not a label)... */
  minSize: 5,
  /** ... and this large at most (titles are not labels). */
  maxSize: 12,
  /** em: a line starting under the text closer than this continues its paragraph or address block. */
  nextLineEm: 1.6,
  /** ... when it starts within this of the text's start. */
  nextLineAlign: 3,
  /** em: a marker closer than this before the text makes the text that marker's option. */
  markerGapEm: 2,
  /** Edges within this touch (a marker ending just inside the text, a field's top at the baseline). */
  touchSlack: 1,
  /** A field or option list whose top is at most this far under the baseline is what the label heads... */
  headedMaxDrop: 24,
  /** ... when it starts within this of the label's start ... */
  headedAlign: 15,
  /** ... and reaches at least this far under the baseline. */
  headedMinDepth: 3,
  /** Labels are short: at most this many words and characters (longer is running text)... */
  maxWords: 7,
  maxChars: 48,
  /** ... and a sentence (ending in . ! ? ;) of more words than this is prose. */
  sentenceMaxWords: 3,
  /** Running headers and footers sit within this of the page's top or bottom. */
  pageMargin: 45,
  /** A box's caption starts at most this far under the box's top... */
  captionTopGap: 10,
  /** ... and leaves at least this much room under it inside the box (the field). */
  captionRoomBelow: 14,
  /** The field's band reaches this far under the baseline (descenders, a rule under the row)... */
  bandBelow: 6,
  /** ... and this far above it (one line of handwriting). */
  bandAbove: 10.5,
  /** A rule bounding the band from under lies between these distances under the baseline. */
  ruleUnderMinDrop: 1,
  ruleUnderMaxDrop: 9,
  /** A rule bounding the band from over lies at least this far over the baseline (and near the band's top). */
  ruleOverMinRise: 5,
  /** A bounding rule may start or end this far off the label's edge or the band's top. */
  ruleSlack: 2,
  /** A bounding rule runs at least this far past the label's end. */
  ruleMinReach: 30,
  /** The band stops this short of a bounding rule (its ink). */
  ruleClearance: 0.5,
  /** The field stops this far before the next text or box on the row. */
  neighbourClearance: 6,
  /** The field stops this far before a vertical rule, a dash or the end of the closing rule. */
  ruleEndClearance: 4,
  /** Height of the row band that a vertical rule on the right must cross. */
  wallBandHeight: 6,
  /** A dash is on the row when its y is within `dashRowTolerance` of this much over the baseline. */
  dashRise: 3,
  dashRowTolerance: 6,
  /** The rule whose end closes a field with no right neighbour lies at most this far under the baseline. */
  closingRuleMaxDrop: 22,
  /** A field reaching this close to a vertical rule fills the label's cell... */
  wallReach: 5,
  /** ... and a field or marker starting at most this far past the rule is in the next cell, the label's field... */
  nextCellReach: 60,
  /** ... (or this far before it: a box drawn on the rule)... */
  nextCellSlack: 2,
  /** ... whose top is at most this far over the baseline. */
  nextCellRise: 8,
  /** A cell beside the label's starts within this of the rule... */
  besideCellAlign: 2,
  /** ... and spans the row from at most this far over the baseline... */
  besideCellBottom: 2,
  /** ... to at least this far over it... */
  besideCellTop: 4,
  /** ... and is wider than this (not a comb box or a gap). */
  besideCellMinWidth: 12,
  /** The field starts this far after the label's end. */
  labelGap: 8,
  /** A field is at least this wide (narrower: the space between two labels)... */
  minWidth: 24,
  /** ... and this tall. */
  minHeight: 8,
  /** Markers up to this far past the field's end are the question's answers: there is no blank. */
  answerMarkerReach: 14,
  /** The label's cell reaches at least this far under the baseline... */
  cellBelow: 3,
  /** ... and this far over it. */
  cellAbove: 6,
  /** A rule under the field lies at most this far under the baseline... */
  ruleBelowMaxDrop: 16,
  /** ... and is thinner than this (a thick bar is a section divider). */
  ruleBelowMaxWidth: 3,
  /** Less sure than a dash row: only the space around the label says it is a field. */
  confidence: 0.55,
} as const;

const LABELISH = /[A-Za-z]/;
const NUMBERED = /^\(?\d{1,2}[A-Za-z]?(\.\d+)?[.)]\s*[A-Za-z]/;

/**
 * Label blanks of the page. Only inside ruled regions (a rule under the row or a box around the label), so
 * running text that ends early is not taken for a form.
 */
export function labelBlanks(ctx: BlankContext, lines: TextLine[], dashes: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  for (const l of lines) {
    for (let i = 0; i < l.tokens.length; i++) {
      const t = l.tokens[i];
      if (!mayLabelABlank(ctx, lines, l, i) || isBoxCaption(ctx, t)) continue;
      const { y1, y2 } = rowBand(ctx, t);
      // The vertical rule right of the label: the wall of its cell.
      const wall = vRule(ctx.geo, t.x2, t.base, t.base + LABEL.wallBandHeight, 1);
      const end = fieldEnd(ctx, l.tokens[i + 1], t, { y1, y2, wall }, dashes);
      if (!end) continue;
      const { stop, closedByRule } = end;
      if (stop >= wall - LABEL.wallReach && fieldInNextCell(ctx, t, wall)) continue;
      const x1 = t.x2 + LABEL.labelGap;
      if (stop - x1 < LABEL.minWidth) continue;
      // A question followed by its answer markers (a rating-scale row) has no blank.
      if (ctx.choices.some((m) => m.x1 > t.x2 && m.x1 < stop + LABEL.answerMarkerReach && m.y1 < y2 && m.y2 > y1))
        continue;
      const base = t.base;
      const cell = ctx.geo.cells.find(
        (c) => c.x1 <= t.x1 && c.x2 >= stop && c.y1 <= base - LABEL.cellBelow && c.y2 >= base + LABEL.cellAbove,
      );
      // A cell's text in a row a wrapped paragraph makes tall: table content, not a label.
      if (cell && besideTextBlock(cell, ctx.geo.cells, lines, base)) continue;
      const ruleBelow = ctx.geo.hLines.some(
        (s) =>
          s.y1 < base &&
          s.y1 > base - LABEL.ruleBelowMaxDrop &&
          s.x1 <= x1 + LABEL.ruleSlack &&
          s.x2 >= stop - LABEL.ruleSlack &&
          s.width < LABEL.ruleBelowMaxWidth,
      );
      // A heading over a free rule is not a label: a field closed only by a rule's end needs a box around it.
      if (!cell && (closedByRule || !ruleBelow)) continue;
      const b: Box = { x1, y1, x2: stop, y2 };
      if (b.y2 - b.y1 < LABEL.minHeight || !free(ctx, b)) continue;
      out.push(blank(b, LABEL.confidence, base));
    }
  }
  return out;
}

/** The text could be a label with its blank beside it: short, plain, not an option, not a heading of a field below. */
function mayLabelABlank(ctx: BlankContext, lines: TextLine[], l: TextLine, i: number): boolean {
  const toks = l.tokens;
  const t = toks[i];
  if (t.type !== 'text' || t.bold || !LABELISH.test(t.text) || t.size > LABEL.maxSize || t.size < LABEL.minSize)
    return false;
  // The last line of a paragraph or of an address block ends early; that is not a blank.
  const continuedBy = (o: TextLine): boolean =>
    o !== l &&
    o.base > t.base &&
    o.base - t.base < LABEL.nextLineEm * t.size &&
    o.tokens.some((k) => k.type === 'text' && Math.abs(k.x1 - t.x1) < LABEL.nextLineAlign);
  if (lines.some(continuedBy)) return false;
  // An option's text (a marker just before it) or a question whose options or blank sit below.
  const prev = toks[i - 1];
  const markerGap = LABEL.markerGapEm * t.size;
  if (prev && prev.type !== 'text' && prev.type !== 'blank' && t.x1 - prev.x2 < markerGap) return false;
  const markerBefore = (m: Candidate): boolean =>
    m.x2 <= t.x1 + LABEL.touchSlack && t.x1 - m.x2 < markerGap && Math.abs(m.y1 - t.y1) < t.size;
  if (ctx.choices.some(markerBefore)) return false;
  // The label of a field or option list right under it ("If yes, list:" above a blank).
  const headed = (m: Candidate): boolean =>
    m.y2 <= t.base + LABEL.touchSlack &&
    m.y2 > t.base - LABEL.headedMaxDrop &&
    Math.abs(m.x1 - t.x1) < LABEL.headedAlign &&
    m.y1 < t.base - LABEL.headedMinDepth &&
    !m.innerLabel;
  if ([...ctx.choices, ...ctx.fields].some(headed)) return false;
  const words = t.text.trim().split(/\s+/);
  if (words.length > LABEL.maxWords || t.text.length > LABEL.maxChars) return false;
  if (/[.!?;]$/.test(t.text.trim()) && words.length > LABEL.sentenceMaxWords) return false;
  // A numbered item caption ("12A. PROVIDER NAME") heads a box: its field is under it, not beside it.
  if (NUMBERED.test(t.text)) return false;
  // Running headers and footers ("Form 1040 (2024)", "Page 6") sit on rules in the page margins.
  return !(ctx.height > 0 && (t.base < LABEL.pageMargin || t.base > ctx.height - LABEL.pageMargin));
}

/** The caption of a box (first line at its top-left, empty space under it): the field is below, not beside. */
function isBoxCaption(ctx: BlankContext, t: Token): boolean {
  const slack = LABEL.touchSlack;
  const home = ctx.geo.cells
    .filter((c) => c.x1 <= t.x1 + slack && c.x2 >= t.x2 - slack && c.y1 <= t.y1 + slack && c.y2 >= t.y2 - slack)
    .sort((a, b) => boxW(a) * (a.y2 - a.y1) - boxW(b) * (b.y2 - b.y1))[0];
  return (
    home !== undefined &&
    home.y2 - t.y2 < LABEL.captionTopGap &&
    t.y1 - home.y1 >= LABEL.captionRoomBelow &&
    !ctx.tokens.some((k) => k !== t && k.x1 < home.x2 && k.x2 > home.x1 && k.y2 < t.y1 - slack && k.y1 > home.y1)
  );
}

/** The row band beside the label, narrowed to the rules just under and over the row. */
function rowBand(ctx: BlankContext, t: Token): { y1: number; y2: number } {
  const base = t.base;
  let y1 = base - LABEL.bandBelow;
  let y2 = base + LABEL.bandAbove;
  const under = ruleUnder(ctx, t, t.x2, base - LABEL.ruleUnderMaxDrop, base - LABEL.ruleUnderMinDrop);
  if (under) y1 = Math.max(y1, under.y1 + LABEL.ruleClearance);
  const over = ctx.geo.hLines
    .filter((s) => s.y1 >= base + LABEL.ruleOverMinRise && s.y1 <= y2 + LABEL.ruleSlack && alongRow(s, t, t.x2))
    .sort((a, b) => a.y1 - b.y1)[0];
  if (over) y2 = Math.min(y2, over.y1 - LABEL.ruleClearance);
  return { y1, y2 };
}

/** A rule starting by `from` and running well past the label's end. */
const alongRow = (s: Segment, t: Token, from: number): boolean =>
  s.x1 <= from + LABEL.ruleSlack && s.x2 >= t.x2 + LABEL.ruleMinReach;

/** The highest rule along the row between the heights `lo` and `hi`. */
const ruleUnder = (ctx: BlankContext, t: Token, from: number, lo: number, hi: number): Segment | undefined =>
  ctx.geo.hLines.filter((s) => s.y1 <= hi && s.y1 >= lo && alongRow(s, t, from)).sort((a, b) => b.y1 - a.y1)[0];

/**
 * Where the field beside the label ends: before the next token, a vertical rule, a dash or other content
 * on the band; with none of those, at the end of the rule under the row (`closedByRule`). Null: no end.
 */
function fieldEnd(
  ctx: BlankContext,
  next: Token | undefined,
  t: Token,
  { y1, y2, wall }: { y1: number; y2: number; wall: number },
  dashes: Segment[],
): { stop: number; closedByRule: boolean } | null {
  const base = t.base;
  const clear = LABEL.ruleEndClearance;
  let stop = Math.min(next ? next.x1 - LABEL.neighbourClearance : Infinity, wall - clear);
  for (const d of dashes)
    if (Math.abs(d.y1 - (base + LABEL.dashRise)) < LABEL.dashRowTolerance && d.x1 > t.x2)
      stop = Math.min(stop, d.x1 - clear);
  // Other content further right on the band (text of another line, a box).
  const touch = LABEL.touchSlack;
  for (const o of [...ctx.tokens, ...ctx.taken])
    if (o.x1 > t.x2 + touch && o.y1 < y2 - touch && o.y2 > y1 + touch)
      stop = Math.min(stop, o.x1 - LABEL.neighbourClearance);
  if (Number.isFinite(stop)) return { stop, closedByRule: false };
  // No right neighbour: the end of the rule under the row closes the field.
  const rule = ruleUnder(ctx, t, t.x1, base - LABEL.closingRuleMaxDrop, base);
  return rule ? { stop: rule.x2 - clear, closedByRule: true } : null;
}

/**
 * A row header of a table, or a label in its own cell (the space beside it fills the cell up to `wall`): that
 * space is not the field, which is in the next cell (a field or marker found there, or more cells beside it).
 */
function fieldInNextCell(ctx: BlankContext, t: Token, wall: number): boolean {
  const base = t.base;
  const nextCellHolds = [...ctx.choices, ...ctx.fields].some(
    (m) =>
      m.x1 >= wall - LABEL.nextCellSlack &&
      m.x1 < wall + LABEL.nextCellReach &&
      m.y1 < base + LABEL.nextCellRise &&
      m.y2 > base,
  );
  if (nextCellHolds) return true;
  // Text in a table cell with more cells beside it: the rest of its cell is not a blank.
  return ctx.geo.cells.some(
    (c) =>
      Math.abs(c.x1 - wall) < LABEL.besideCellAlign &&
      c.y1 <= base + LABEL.besideCellBottom &&
      c.y2 >= base + LABEL.besideCellTop &&
      c.x2 - c.x1 > LABEL.besideCellMinWidth,
  );
}
