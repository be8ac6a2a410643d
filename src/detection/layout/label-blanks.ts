/**
 * Label blanks: a short label followed by empty space on its row. The space up to the next label, vertical
 * rule or the end of the rule under the row is the field.
 */
import { blank, free, RULE_CLEARANCE, vRule, type BlankContext } from './blank-space';
import type { Candidate } from './candidate';
import { isHint } from './box-text';
import { greyFill, shaded } from './cell-candidates';
import { TOUCH_SLACK, wordCount, type TextLine, type Token } from './text';
import { besideTextBlock, inTextTable } from './text-tables';
import { boxW, inside, type Box, type Segment } from './types';

/** Thresholds of label blanks (pt unless noted). */
const LABEL = {
  /** A label is printed this large at least (fine print is not a label) and at most (titles are not labels). */
  minSize: 5,
  maxSize: 12,
  /** em: a line this close under the text, starting within `nextLineAlign` of it, continues its paragraph. */
  nextLineEm: 1.6,
  nextLineAlign: 3,
  /** em: a marker closer than this before the text makes the text that marker's option. */
  markerGapEm: 2,
  /** The label heads a field or option list under it: top drop, start offset and least depth under the baseline. */
  headedMaxDrop: 24,
  headedAlign: 15,
  headedMinDepth: 3,
  /** Labels are short (longer is running text); a sentence of more than `sentenceMaxWords` words is prose. */
  maxWords: 7,
  maxChars: 48,
  sentenceMaxWords: 3,
  /** Running headers and footers sit within this of the page's top or bottom. */
  pageMargin: 45,
  /** A box's caption starts at most this far under its top and leaves at least this much room under it. */
  captionTopGap: 10,
  captionRoomBelow: 14,
  /** The band reaches this far under the baseline (descenders, a rule) and over it (one line of handwriting). */
  bandBelow: 6,
  bandAbove: 10.5,
  /** A rule bounding the band from under lies between these distances under the baseline. */
  ruleUnderMinDrop: 1,
  ruleUnderMaxDrop: 9,
  /** A rule bounding the band from over lies at least this far over the baseline (and near the band's top). */
  ruleOverMinRise: 5,
  /** A bounding rule starts or ends this near the label's edge or the band's top, and runs this far past the label. */
  ruleSlack: 2,
  ruleMinReach: 30,
  /** The band stops this short of a bounding rule (its ink). */
  ruleClearance: 0.5,
  /** The field stops this far before the next text or box on the row. */
  neighbourClearance: 6,
  /** Height of the row band that a vertical rule on the right must cross. */
  wallBandHeight: 6,
  /** A dash is on the row when its y is within `dashRowTolerance` of this much over the baseline. */
  dashRise: 3,
  dashRowTolerance: 6,
  /** The rule whose end closes a field with no right neighbour lies at most this far under the baseline. */
  closingRuleMaxDrop: 22,
  /** A field reaching this close to a vertical rule fills the label's cell (see `fieldInNextCell`). */
  wallReach: 5,
  /** The next cell's field starts this far past the rule at most (or before it: a box on the rule), top this high. */
  nextCellReach: 60,
  nextCellSlack: 2,
  nextCellRise: 8,
  /** A cell beside the label's: start off the rule, row span over the baseline, least width (not a comb box). */
  besideCellAlign: 2,
  besideCellBottom: 2,
  besideCellTop: 4,
  besideCellMinWidth: 12,
  /** A label cell beside leaves at least this share of its width after its label to be written in. */
  besideRoomShare: 0.4,
  /** A label wrapped over two lines: its first line has this many words at most; the blank reaches this far
   * under the second line's baseline. */
  wrappedHeadWords: 2,
  wrappedBelow: 2,
  /** A format hint's blank starts at most this far after the hint. */
  hintReach: 30,
  /** The field starts this far after the label's end. */
  labelGap: 8,
  /** A field is at least this wide (narrower: the space between two labels) and tall. */
  minWidth: 24,
  minHeight: 8,
  /** Markers up to this far past the field's end are the question's answers: there is no blank. */
  answerMarkerReach: 14,
  /** The label's cell reaches at least this far under and over the baseline. */
  cellBelow: 3,
  cellAbove: 6,
  /** A rule under the field lies at most this far under the baseline, thinner than a section divider's bar. */
  ruleBelowMaxDrop: 16,
  ruleBelowMaxWidth: 3,
  /** Less sure than a dash row: only the space around the label says it is a field. */
  confidence: 0.55,
} as const;

const LABELISH = /[A-Za-z]/;
/** An option whose answer is written in after it: `Other:`, `OTHER (Explain)`, `Other (specify)`. */
const WRITE_IN_OPTION = /^other\s*(:|\((explain|specify|please specify|describe)\)\s*:?)$/i;
const NUMBERED = /^\(?\d{1,2}[A-Za-z]?(\.\d+)?[.)]\s*[A-Za-z]/;

/**
 * Label blanks of the page. Only inside ruled regions (a rule under the row or a box around the label), so
 * running text that ends early is not taken for a form.
 */
export function labelBlanks(ctx: BlankContext, lines: TextLine[], dashes: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  for (const l of lines) {
    for (const [i, t] of l.tokens.entries()) {
      if (!mayLabelABlank(ctx, lines, l, i) || isBoxCaption(ctx, t)) continue;
      // A label wrapped over two lines: the blank beside it spans both.
      const head = wrappedHead(lines, l, t);
      const { y1, y2 } = head ? { y1: t.base - LABEL.wrappedBelow, y2: head.y2 } : rowBand(ctx, t);
      // The vertical rule right of the label: the wall of its cell.
      const wall = vRule(ctx.geo, t.x2, t.base, t.base + LABEL.wallBandHeight, 1);
      const next = l.tokens[i + 1];
      // A label, then the format of the blank that follows (`DATE (MM-DD-YYYY) __ - __ - ____`): no blank between.
      if (next && isHint(next.text) && ctx.taken.some((o) => o.x1 >= next.x2 - 1 && o.x1 - next.x2 < LABEL.hintReach))
        continue;
      const end = fieldEnd(ctx, next, t, { y1, y2, wall }, dashes);
      if (!end || (end.stop >= wall - LABEL.wallReach && fieldInNextCell(ctx, t, wall))) continue;
      const b: Box = { x1: t.x2 + LABEL.labelGap, y1, x2: end.stop, y2 };
      if (boxW(b) < LABEL.minWidth || y2 - y1 < LABEL.minHeight) continue;
      // A question followed by its answer markers (a rating-scale row) has no blank.
      if (ctx.choices.some((m) => m.x1 > t.x2 && m.x1 < b.x2 + LABEL.answerMarkerReach && m.y1 < y2 && m.y2 > y1))
        continue;
      if (ruled(ctx, lines, t, b, end.closedByRule) && free(ctx, b)) out.push(blank(b, LABEL.confidence, t.base));
    }
  }
  return out;
}

/**
 * The field is in a ruled region: a box around the label (not a table row a wrapped paragraph makes tall), or a
 * rule under the field. A heading over a free rule is not a label: a field closed only by a rule's end needs a box.
 */
function ruled(ctx: BlankContext, lines: TextLine[], t: Token, b: Box, closedByRule: boolean): boolean {
  const cell = ctx.geo.cells.find(
    (c) => c.x1 <= t.x1 && c.x2 >= b.x2 && c.y1 <= t.base - LABEL.cellBelow && c.y2 >= t.base + LABEL.cellAbove,
  );
  // Text printed on a grey band is its heading, not a label.
  const slack = TOUCH_SLACK;
  const onBand = (c: Box): boolean => c.x1 <= t.x1 + slack && c.x2 >= t.x2 - slack && c.y1 <= t.y1 && c.y2 >= t.y2;
  if (ctx.geo.cells.some((c) => greyFill(c) && onBand(c))) return false;
  if (cell)
    return (
      !shaded(cell) && !besideTextBlock(cell, ctx.geo.cells, lines, t.base) && !inTextTable(cell, ctx.geo.cells, lines)
    );
  return (
    !closedByRule &&
    ctx.geo.hLines.some(
      (s) =>
        s.y1 < t.base &&
        s.y1 > t.base - LABEL.ruleBelowMaxDrop &&
        s.x1 <= b.x1 + LABEL.ruleSlack &&
        s.x2 >= b.x2 - LABEL.ruleSlack &&
        s.width < LABEL.ruleBelowMaxWidth,
    )
  );
}

/** The text could be a label with its blank beside it: short, plain, not an option, not a heading of a field below. */
function mayLabelABlank(ctx: BlankContext, lines: TextLine[], l: TextLine, i: number): boolean {
  const t = l.tokens[i];
  if (t.type !== 'text' || t.bold || !LABELISH.test(t.text) || t.size > LABEL.maxSize || t.size < LABEL.minSize)
    return false;
  // The last line of a paragraph or of an address block ends early; that is not a blank.
  if (lines.some((o) => o !== l && lineAbove(o, t)) && !wrappedHead(lines, l, t)) return false;
  // An option's text (a marker just before it) or a question whose options or blank sit below. An "Other:" option
  // with room after it is the exception: that room is its write-in.
  if (WRITE_IN_OPTION.test(t.text.trim())) return true;
  const prev = l.tokens[i - 1];
  const markerGap = LABEL.markerGapEm * t.size;
  if (prev && prev.type !== 'text' && prev.type !== 'blank' && t.x1 - prev.x2 < markerGap) return false;
  const markerBefore = (m: Candidate): boolean =>
    m.x2 <= t.x1 + TOUCH_SLACK && t.x1 - m.x2 < markerGap && Math.abs(m.y1 - t.y1) < t.size;
  if (ctx.choices.some(markerBefore)) return false;
  // The label of a field or option list right under it ("If yes, list:" above a blank).
  const headed = (m: Candidate): boolean =>
    m.y2 <= t.base + TOUCH_SLACK &&
    m.y2 > t.base - LABEL.headedMaxDrop &&
    Math.abs(m.x1 - t.x1) < LABEL.headedAlign &&
    m.y1 < t.base - LABEL.headedMinDepth &&
    !m.innerLabel;
  if ([...ctx.choices, ...ctx.fields].some(headed)) return false;
  const words = wordCount(t);
  if (words > LABEL.maxWords || t.text.length > LABEL.maxChars) return false;
  if (/[.!?;]$/.test(t.text.trim()) && words > LABEL.sentenceMaxWords) return false;
  // A numbered item caption ("12A. PROVIDER NAME") heads a box: its field is under it, not beside it.
  if (NUMBERED.test(t.text)) return false;
  // Running headers and footers ("Form 1040 (2024)", "Page 6") sit on rules in the page margins.
  return !(ctx.height > 0 && (t.base < LABEL.pageMargin || t.base > ctx.height - LABEL.pageMargin));
}

/** `o` is the line of a paragraph right over `t`'s, starting where `t` does. */
const lineAbove = (o: TextLine, t: Token): boolean =>
  o.base > t.base &&
  o.base - t.base < LABEL.nextLineEm * t.size &&
  o.tokens.some((k) => k.type === 'text' && Math.abs(k.x1 - t.x1) < LABEL.nextLineAlign);

/**
 * The first line of a short label wrapped over two lines (`No. &` over `Street`, the blank beside both): one
 * word or two alone on its line, right over `t`, which is alone on its own line up to the blank.
 */
function wrappedHead(lines: TextLine[], l: TextLine, t: Token): Token | undefined {
  const above = lines.filter((o) => o !== l && lineAbove(o, t));
  if (above.length !== 1 || l.tokens[0] !== t) return undefined;
  const head = above[0].tokens.filter((k) => k.x2 > t.x1 - LABEL.nextLineAlign);
  const short = head.length === 1 && wordCount(head[0]) <= LABEL.wrappedHeadWords && head[0].type === 'text';
  return short && head[0].x2 < t.x2 + LABEL.labelGap ? head[0] : undefined;
}

/** The caption of a box (first line at its top-left, empty space under it): the field is below, not beside. */
function isBoxCaption(ctx: BlankContext, t: Token): boolean {
  const slack = TOUCH_SLACK;
  const home = ctx.geo.cells
    .filter((c) => inside(t, c, slack))
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
  let y1 = t.base - LABEL.bandBelow;
  let y2 = t.base + LABEL.bandAbove;
  const under = rulesAlong(ctx, t, t.x2, t.base - LABEL.ruleUnderMaxDrop, t.base - LABEL.ruleUnderMinDrop)[0];
  if (under) y1 = Math.max(y1, under.y1 + LABEL.ruleClearance);
  const over = rulesAlong(ctx, t, t.x2, t.base + LABEL.ruleOverMinRise, y2 + LABEL.ruleSlack).at(-1);
  if (over) y2 = Math.min(y2, over.y1 - LABEL.ruleClearance);
  return { y1, y2 };
}

/** Rules between the heights `lo` and `hi`, starting by `from` and running well past the label's end; highest first. */
const rulesAlong = (ctx: BlankContext, t: Token, from: number, lo: number, hi: number): Segment[] =>
  ctx.geo.hLines
    .filter((s) => s.y1 <= hi && s.y1 >= lo && s.x1 <= from + LABEL.ruleSlack && s.x2 >= t.x2 + LABEL.ruleMinReach)
    .sort((a, b) => b.y1 - a.y1);

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
  let stop = Math.min(next ? next.x1 - LABEL.neighbourClearance : Infinity, wall - RULE_CLEARANCE);
  for (const d of dashes)
    if (Math.abs(d.y1 - (t.base + LABEL.dashRise)) < LABEL.dashRowTolerance && d.x1 > t.x2)
      stop = Math.min(stop, d.x1 - RULE_CLEARANCE);
  // Other content further right on the band (text of another line, a box).
  for (const o of [...ctx.tokens, ...ctx.taken])
    if (o.x1 > t.x2 + TOUCH_SLACK && o.y1 < y2 - TOUCH_SLACK && o.y2 > y1 + TOUCH_SLACK)
      stop = Math.min(stop, o.x1 - LABEL.neighbourClearance);
  if (Number.isFinite(stop)) return { stop, closedByRule: false };
  // No right neighbour: the end of the rule under the row closes the field.
  const rule = rulesAlong(ctx, t, t.x1, t.base - LABEL.closingRuleMaxDrop, t.base)[0];
  return rule ? { stop: rule.x2 - RULE_CLEARANCE, closedByRule: true } : null;
}

/**
 * A row header of a table, or a label in its own cell (the space beside it fills the cell up to `wall`): that
 * space is not the field, which is in the next cell (a field or marker found there, or more cells beside it).
 */
function fieldInNextCell(ctx: BlankContext, t: Token, wall: number): boolean {
  const nextCellHolds = (m: Candidate): boolean =>
    m.x1 >= wall - LABEL.nextCellSlack &&
    m.x1 < wall + LABEL.nextCellReach &&
    m.y1 < t.base + LABEL.nextCellRise &&
    m.y2 > t.base;
  // Or text in a table cell with more cells beside it: the rest of its cell is not a blank. Unless the cell beside
  // is printed the same way (`Name: | Date of Birth:`, each label with the room to write after it).
  const besideCell = (c: Box): boolean =>
    Math.abs(c.x1 - wall) < LABEL.besideCellAlign &&
    c.y1 <= t.base + LABEL.besideCellBottom &&
    c.y2 >= t.base + LABEL.besideCellTop &&
    boxW(c) > LABEL.besideCellMinWidth &&
    !(/:\s*$/.test(t.text) && labelWithRoom(ctx, c));
  return [...ctx.choices, ...ctx.fields].some(nextCellHolds) || ctx.geo.cells.some(besideCell);
}

/** One line of text opening the cell `c`, ending in a colon, with the room to write after it. */
function labelWithRoom(ctx: BlankContext, c: Box): boolean {
  const within = ctx.tokens.filter((k) => inside(k, c, 0));
  const texts = within.filter((k) => k.type === 'text');
  if (!texts.length || texts.length < within.length || texts.some((k) => Math.abs(k.base - texts[0].base) > 1))
    return false;
  const last = texts.reduce((a, k) => (k.x2 > a.x2 ? k : a));
  const room = c.x2 - last.x2;
  return /:\s*$/.test(last.text) && room >= LABEL.besideRoomShare * boxW(c) && room >= LABEL.minWidth + LABEL.labelGap;
}
