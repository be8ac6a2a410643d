/** Text inside a box: the tokens whose centre it holds, and format hints (MM/DD/YYYY). */
import type { TextLine, Token } from './text';
import type { Box } from './types';

const HINT_RE = /^(mm|dd|yyyy|yy|m|d)([\s/.-]+(mm|dd|yyyy|yy|m|d)){1,2}$/i;
/** A format hint, bare or in parentheses (`MM/DD/YYYY`, `(MM-DD-YYYY)`). */
export const isHint = (s: string): boolean => HINT_RE.test(s.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1'));

/** em: the middle of a line of lowercase text sits this far over its baseline (about half an x-height). */
export const TEXT_MIDDLE_EM = 0.3;
export const textMiddle = (t: { base: number; size: number }): number => t.base + TEXT_MIDDLE_EM * t.size;
/** pt: a line whose baseline is up to this far under a box may still have text inside it (rounding). */
const BASELINE_UNDER_BOX = 2;

export const tokensIn = (lines: TextLine[], b: Box): Token[] =>
  lines
    .filter((l) => l.base >= b.y1 - BASELINE_UNDER_BOX && l.base <= b.y2)
    .flatMap((l) => l.tokens.filter((t) => (t.x1 + t.x2) / 2 > b.x1 && (t.x1 + t.x2) / 2 < b.x2))
    .filter((t) => textMiddle(t) > b.y1 && textMiddle(t) < b.y2);
