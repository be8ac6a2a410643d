/** Binds text fields to their labels: inside the box, on the same baseline to the left, or just above. */
import type { Candidate } from './candidates';
import { isHint } from './candidates';
import type { TextLine, Token } from './text';
import type { Box } from './types';
import { LAYOUT_PARAMS as P } from './params';

export interface LabelHit {
  raw: string;
  token: Token | null;
  where: 'inside' | 'left' | 'above' | 'below' | 'column' | 'none';
}

export function textTokens(lines: TextLine[]): Token[] {
  return lines.flatMap((l) =>
    l.tokens.filter((t) => t.type === 'text' && !isHint(t.text) && /[A-Za-z0-9]/.test(t.text)),
  );
}

function blocked(fields: Box[], a: number, b: number, y1: number, y2: number, self: Box): boolean {
  return fields.some((f) => f !== self && f.x1 >= a - 1 && f.x2 <= b + 1 && f.y1 < y2 && f.y2 > y1 && f.x2 - f.x1 > 3);
}

export function findLabel(c: Candidate, tokens: Token[], fields: Candidate[]): LabelHit {
  if (c.innerLabelRaw) return { raw: c.innerLabelRaw, token: null, where: 'inside' };
  const yLo = c.y1 - P.leftLabelBelow;
  const yHi = c.source === 'box' ? Math.min(c.y2, c.y1 + 14) : c.y1 + P.leftLabelAbove;
  let best: Token | null = null;
  for (const t of tokens) {
    if (t.base < yLo || t.base > yHi) continue;
    if (t.x2 > c.x1 + 3 || c.x1 - t.x2 > P.leftLabelMaxGap) continue;
    if (best && t.x2 <= best.x2) continue;
    best = t;
  }
  if (best && !blocked(fields, best.x2, c.x1, c.y1, c.y2, c)) return { raw: best.text, token: best, where: 'left' };
  // Just above, starting near the field's left edge.
  let above: Token | null = null;
  for (const t of tokens) {
    if (t.y1 < c.y2 - 3 || t.y1 > c.y2 + P.aboveLabelMaxGap) continue;
    if (t.x2 < c.x1 || t.x1 > c.x2 || t.x1 < c.x1 - 15) continue;
    if (!above || t.y1 < above.y1 || (Math.abs(t.y1 - above.y1) < 1 && t.x1 < above.x1)) above = t;
  }
  if (above) return { raw: above.text, token: above, where: 'above' };
  if (c.source === 'line') {
    // A caption printed under the rule ("Signature of applicant" below a signature line).
    let below: Token | null = null;
    for (const t of tokens) {
      if (t.y2 > c.y1 + 1 || t.y2 < c.y1 - P.belowCaptionMaxGap) continue;
      if (t.x1 < c.x1 - 6 || t.x1 > c.x1 + 0.5 * (c.x2 - c.x1)) continue;
      if (!below || t.y2 > below.y2 + 1 || (Math.abs(t.y2 - below.y2) <= 1 && t.x1 < below.x1)) below = t;
    }
    if (below) return { raw: below.text, token: below, where: 'below' };
  }
  if (c.cell) {
    // Column header of a table: the nearest text above whose centre lies in the column.
    let head: Token | null = null;
    for (const t of tokens) {
      const cx = (t.x1 + t.x2) / 2;
      if (cx < c.x1 || cx > c.x2 || t.y1 < c.y2 || t.y1 > c.y2 + 160) continue;
      if (!head || t.y1 < head.y1) head = t;
    }
    if (head) return { raw: head.text, token: head, where: 'column' };
  }
  return { raw: '', token: null, where: 'none' };
}

/** Row header of a table row: the left-most text on the field's row. */
export function rowHeader(c: Box, tokens: Token[]): Token | null {
  let best: Token | null = null;
  const cy = (c.y1 + c.y2) / 2;
  for (const t of tokens) {
    if (t.x2 > c.x1) continue;
    if (Math.abs(t.base + 0.3 * t.size - cy) > 7) continue;
    if (!best || t.x1 < best.x1) best = t;
  }
  return best;
}
