/** For the finders of blanks: the vertical rules bounding empty space, and whether a box is free to write in. */
import type { Candidate, Source } from './candidate';
import type { Geometry } from './geometry';
import { DRAWN_FIELD_TEXT_SIZE } from './params';
import type { Token } from './text';
import { boxW, intersects, type Box, type Segment } from './types';

/** pt: boxes overlapping by at most this much do not collide (shared edges, rounding). */
export const OVERLAP_PAD = 1;

/** pt: a blank keeps this clear of the rules and dashes that bound it. */
export const RULE_CLEARANCE = 4;

/** Where empty space is free (pt). */
const SPACE = {
  /** A vertical rule bounds a band when more than this right (or left) of the point, spanning it give or take this. */
  ruleMinDistance: 1,
  ruleSpanSlack: 2,
  /** Empty space narrower than this is the gap between two words, not room to write. */
  minWidth: 3,
  /** A rule running inside the space further than this from its edges cuts it. */
  ruleInset: 2,
} as const;

/** What the finders of blanks look at, and what they must not overlap. */
export interface BlankContext {
  tokens: Token[];
  geo: Geometry;
  taken: Box[];
  /** Choice markers and text fields found before (a label of theirs is not a label of a blank). */
  choices: Candidate[];
  fields: Candidate[];
  /** Page height (0: unknown). */
  height: number;
}

/** Nearest vertical rule crossing the band [y1, y2] to the right of x (`side` 1) or to its left (-1). */
export function vRule(geo: Geometry, x: number, y1: number, y2: number, side: 1 | -1): number {
  let best = side * Infinity;
  const { ruleMinDistance: away, ruleSpanSlack: slack } = SPACE;
  for (const v of geo.vLines) {
    const nearer = side > 0 ? v.x1 > x + away && v.x1 < best : v.x1 < x - away && v.x1 > best;
    if (nearer && v.y1 <= y1 + slack && v.y2 >= y2 - slack) best = v.x1;
  }
  return best;
}

/** A rule running inside the box (further than `inset` from its edges). */
const crossesInside = (s: Segment, b: Box, inset: number): boolean =>
  s.y1 > b.y1 + inset && s.y1 < b.y2 - inset && s.x1 < b.x2 - inset && s.x2 > b.x1 + inset;

/** Room to write: wide enough, with no text, earlier candidate or rule inside. */
export const free = (ctx: BlankContext, b: Box): boolean =>
  boxW(b) > SPACE.minWidth &&
  !ctx.tokens.some((t) => intersects(t, b, OVERLAP_PAD)) &&
  !ctx.taken.some((o) => intersects(o, b, OVERLAP_PAD)) &&
  !ctx.geo.hLines.some((s) => crossesInside(s, b, SPACE.ruleInset));

/** A field drawn on the page (by default written on a rule or in empty space: a line), sized for drawn fields. */
export const blank = (b: Box, confidence: number, base: number, source: Source = 'line'): Candidate => ({
  ...b,
  source,
  choice: false,
  base,
  size: DRAWN_FIELD_TEXT_SIZE,
  confidence,
});
