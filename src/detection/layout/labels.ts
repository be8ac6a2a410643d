/** Binds text fields to their labels: inside the box, on the same baseline to the left, or just above. */
import { isYesNoWord } from '../kinds';
import { isHint, textMiddle } from './box-text';
import type { Candidate } from './candidate';
import { cleanLabel, COLUMN_HEADER_MAX_RISE, isUnitWord, least, TOUCH_SLACK, type TextLine, type Token } from './text';
import { boxH, type Box } from './types';
import { LAYOUT_PARAMS as P } from './params';

/** Where a text field's label may be, besides `LAYOUT_PARAMS` (pt). */
const LABEL_PLACE = {
  /** A field narrower than this between a label and its field does not block (a dash, a tick). */
  blockerMinWidth: 3,
  /** A box's left label sits at most this far over the box's bottom (or the box's height if smaller). */
  boxLeftLabelAbove: 14,
  /** A left label may end this far inside the field (kerning, a field drawn over the colon). */
  leftLabelOverlap: 3,
  aboveLabelDip: 3,
  aboveLabelOutdent: 15,
  belowCaptionOutdent: 6,
  optionGapEm: 1.2,
  rowHeaderTolerance: 7,
} as const;

export interface LabelHit {
  raw: string;
  token: Token | null;
  where: 'inside' | 'left' | 'above' | 'below' | 'column' | 'none';
}

export const textTokens = (lines: TextLine[]): Token[] =>
  lines.flatMap((l) => l.tokens.filter((t) => t.type === 'text' && !isHint(t.text) && /[A-Za-z0-9]/.test(t.text)));

function blocked(fields: Box[], a: number, b: number, y1: number, y2: number, self: Box): boolean {
  return fields.some(
    (f) =>
      f !== self &&
      f.x1 >= a - TOUCH_SLACK &&
      f.x2 <= b + TOUCH_SLACK &&
      f.y1 < y2 &&
      f.y2 > y1 &&
      f.x2 - f.x1 > LABEL_PLACE.blockerMinWidth,
  );
}

/** The token ending nearest left of x on the row (yLo..yHi), within the left-label reach. */
function nearestLeft(x: number, tokens: Token[], yLo: number, yHi: number): Token | null {
  const reach = (t: Token): boolean => t.x2 <= x + LABEL_PLACE.leftLabelOverlap && x - t.x2 <= P.leftLabelMaxGap;
  const row = tokens.filter((t) => t.base >= yLo && t.base <= yHi && reach(t));
  return least(row, (t) => -t.x2);
}

/**
 * The marker printed right before a closed answer (`O Yes  O No  O N/A`): the answer is that option's, and a blank
 * after the row answers the row's question. A category option (`☐ Trans ____`, `☐ Other ____`) labels its write-in.
 */
function markerBefore(t: Token, fields: Candidate[]): Candidate | undefined {
  if (!isYesNoWord(t.text) && !/^(n\/a|none|unsure|not sure)$/i.test(t.text.trim())) return undefined;
  return fields.find(
    (m) => m.choice && m.x2 <= t.x1 + 1 && t.x1 - m.x2 < LABEL_PLACE.optionGapEm * t.size && m.y1 < t.y2 && m.y2 > t.y1,
  );
}

/** pt: an `X` glued to a line at least this long marks where to sign. */
const SIGN_LINE_MIN = 100;

/** `Height: ____ ft ____ in`: the part after a unit word is the first part's label in its own unit, "Height (in)". */
function partInUnit(c: Candidate, unit: Token, tokens: Token[], fields: Candidate[]): LabelHit | null {
  const near = (a: number, b: number): boolean => a >= b - TOUCH_SLACK && a - b <= P.leftLabelMaxGap;
  const onRow = (b: Box): boolean => Math.abs(b.y1 + b.y2 - c.y1 - c.y2) < 2 * boxH(c);
  const part = fields.find((f) => f !== c && !f.choice && onRow(f) && near(unit.x1, f.x2));
  const own = tokens.find((t) => onRow(t) && near(t.x1, c.x2) && isUnitWord(t.text));
  const first = part && own && findLabel(part, tokens, fields);
  return first && first.where !== 'none' ? { ...first, raw: `${cleanLabel(first.raw)} (${own.text.trim()})` } : null;
}

export function findLabel(c: Candidate, tokens: Token[], fields: Candidate[]): LabelHit {
  if (c.innerLabelRaw) return { raw: c.innerLabelRaw, token: null, where: 'inside' };
  const yLo = c.y1 - P.leftLabelBelow;
  const yHi = c.source === 'box' ? Math.min(c.y2, c.y1 + LABEL_PLACE.boxLeftLabelAbove) : c.y1 + P.leftLabelAbove;
  let best = nearestLeft(c.x1, tokens, yLo, yHi);
  // A blank after a row of options (`O Yes  O No  O N/A  ____`) is labelled by the row's question.
  let passed = false;
  for (let m = best && markerBefore(best, fields); best && m; m = best && markerBefore(best, fields)) {
    best = nearestLeft(m.x1, tokens, yLo, yHi);
    passed = true;
  }
  const unitLabel = best && isUnitWord(best.text) ? partInUnit(c, best, tokens, fields) : null;
  if (unitLabel) return unitLabel;
  // `X________________`: the mark where to sign, glued to a long line.
  if (best && /^x$/i.test(best.text.trim()) && c.x1 - best.x2 < TOUCH_SLACK * 2 && c.x2 - c.x1 >= SIGN_LINE_MIN)
    return { raw: 'Signature', token: best, where: 'left' };
  if (best && (passed || !blocked(fields, best.x2, c.x1, c.y1, c.y2, c)))
    return { raw: best.text, token: best, where: 'left' };
  const slack = TOUCH_SLACK;
  // Just above, starting near the field's left edge.
  let above: Token | null = null;
  for (const t of tokens) {
    if (t.y1 < c.y2 - LABEL_PLACE.aboveLabelDip || t.y1 > c.y2 + P.aboveLabelMaxGap) continue;
    if (t.x2 < c.x1 || t.x1 > c.x2 || t.x1 < c.x1 - LABEL_PLACE.aboveLabelOutdent) continue;
    if (!above || t.y1 < above.y1 || (Math.abs(t.y1 - above.y1) < slack && t.x1 < above.x1)) above = t;
  }
  if (above) return { raw: above.text, token: above, where: 'above' };
  if (c.source === 'line') {
    // A caption printed under the rule ("Signature of applicant" below a signature line).
    let below: Token | null = null;
    for (const t of tokens) {
      if (t.y2 > c.y1 + slack || t.y2 < c.y1 - P.belowCaptionMaxGap) continue;
      if (t.x1 < c.x1 - LABEL_PLACE.belowCaptionOutdent || t.x1 > c.x1 + 0.5 * (c.x2 - c.x1)) continue;
      if (!below || t.y2 > below.y2 + slack || (Math.abs(t.y2 - below.y2) <= slack && t.x1 < below.x1)) below = t;
    }
    if (below) return { raw: below.text, token: below, where: 'below' };
  }
  if (c.cell) {
    // Column header of a table: the nearest text above whose centre lies in the column.
    const inColumn = (t: Token): boolean => (t.x1 + t.x2) / 2 >= c.x1 && (t.x1 + t.x2) / 2 <= c.x2;
    const over = tokens.filter((t) => inColumn(t) && t.y1 >= c.y2 && t.y1 <= c.y2 + COLUMN_HEADER_MAX_RISE);
    const head = least(over, (t) => t.y1);
    if (head) return { raw: head.text, token: head, where: 'column' };
  }
  return { raw: '', token: null, where: 'none' };
}

/** Row header of a table row: the left-most text on the field's row. */
export function rowHeader(c: Box, tokens: Token[]): Token | null {
  const cy = (c.y1 + c.y2) / 2;
  const before = (t: Token): boolean => t.x2 <= c.x1 && Math.abs(textMiddle(t) - cy) <= LABEL_PLACE.rowHeaderTolerance;
  return least(tokens.filter(before), (t) => t.x1);
}
