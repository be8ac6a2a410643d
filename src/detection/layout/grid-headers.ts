/**
 * Column headers of choice grids (choices.ts): the short words over a row's markers, cut apart where they arrive as
 * one token, joined where they wrap over lines, and carried down a long grid to the rows that line up with them.
 */
import type { Candidate } from './candidate';
import { subToken } from './bind';
import { LAYOUT_PARAMS as P } from './params';
import { HEADER_REACH, least, TOUCH_SLACK, wordCount, type Token } from './text';
import { overlapX } from './types';

/** pt: a marker lines up with a column when its centre is this close to the column's (a heading: its start). */
export const COLUMN_ALIGN = 3;

/** Thresholds of grid headers (pt unless noted, `Em`: in ems). */
export const GRID = {
  /** words: a column header is short ("Yes", "Not sure"). */
  headerMaxWords: 3,
  headerMaxExtraLines: 2,
  headerLineGapEm: 0.6,
  /** The headers of one grid row share a baseline within this. */
  headerRowTolerance: 2,
  /** A marker within `headerLineMarkerTolerance` of this much over the header baseline makes it a row of options. */
  headerLineMiddleRise: 3,
  headerLineMarkerTolerance: 5,
} as const;

export const cy = (b: { y1: number; y2: number }): number => (b.y1 + b.y2) / 2;
export const centre = (b: { x1: number; x2: number }): number => (b.x1 + b.x2) / 2;

/**
 * The token over the centre of `m` (within `HEADER_REACH`) with its bottom `minRise` to `maxRise` above the marker's
 * top and at most `maxWords` words: the nearest, or with `far` the farthest.
 */
export function tokenOver(
  m: Candidate,
  tokens: Token[],
  [minRise, maxRise]: number[],
  far: boolean,
  maxWords?: number,
): Token | null {
  const [c, reach] = [centre(m), HEADER_REACH];
  const rises = (t: Token): boolean => t.y1 >= m.y2 + minRise && t.y1 <= m.y2 + maxRise;
  const covers = (t: Token): boolean => c >= t.x1 - reach && c <= t.x2 + reach;
  const over = tokens.filter((t) => rises(t) && covers(t) && (maxWords === undefined || wordCount(t) <= maxWords));
  return least(over, (t) => (far ? -t.y1 : t.y1));
}

/**
 * Column headers of a grid row: each marker has its own short header word on one header line above (a line with
 * no markers of its own), distinct from the others'. Header words printed closer than a word gap arrive as one
 * token (`ModerateSevere`): a token over several markers is cut at its widest glyph gap between each two markers.
 * Null when the row is not such a row.
 */
export function gridHeaders(items: Candidate[], tokens: Token[], markers: Candidate[]): Token[] | null {
  if (items.length < 2) return null;
  const over = items.map((m) => tokenOver(m, tokens, [-TOUCH_SLACK, P.gridHeaderMaxRise], false));
  if (over.some((t) => t === null)) return null;
  const heads: Token[] = [];
  for (let i = 0; i < items.length; ) {
    let j = i;
    while (j + 1 < items.length && over[j + 1] === over[i]) j++;
    const parts = splitOverColumns(over[i]!, items.slice(i, j + 1).map(centre));
    if (!parts || parts.some((h) => wordCount(h) > GRID.headerMaxWords)) return null;
    heads.push(...parts.map((h) => wrappedHeader(h, tokens)));
    i = j + 1;
  }
  // Headers of one line share their baselines, or their tops where a wrapped one hangs lower (cells aligned top).
  const apart = (k: 'base' | 'y2'): boolean =>
    heads.some((h) => Math.abs(h[k] - heads[0][k]) > GRID.headerRowTolerance);
  if (new Set(heads.map((h) => h.x1)).size !== heads.length || (apart('base') && apart('y2'))) return null;
  const headerLineMiddle = Math.max(...heads.map((h) => h.base)) + GRID.headerLineMiddleRise;
  if (markers.some((m) => Math.abs(cy(m) - headerLineMiddle) < GRID.headerLineMarkerTolerance)) return null;
  return heads;
}

/** The header of each marker's column in the grid above (its centre within `continuationAlign`), or null. */
export function columnsOf(items: Candidate[], grid: Map<number, Token>): Token[] | null {
  const heads = items.map((m) => [...grid].find(([x]) => Math.abs(x - centre(m)) < COLUMN_ALIGN)?.[1]);
  return items.length >= 2 && heads.every((h) => h !== undefined) ? heads : null;
}

/** A token over several column centres cut at its widest glyph gap between each two; null if it cannot be. */
function splitOverColumns(t: Token, centres: number[]): Token[] | null {
  const gap = (i: number): number => t.glyphs[i].x1 - t.glyphs[i - 1].x2;
  const cuts: number[] = [];
  for (let k = 0; k + 1 < centres.length; k++) {
    let cut = -1;
    for (let i = Math.max(1, (cuts.at(-1) ?? 0) + 1); i < t.glyphs.length; i++) {
      const mid = (t.glyphs[i - 1].x2 + t.glyphs[i].x1) / 2;
      if (mid > centres[k] && mid < centres[k + 1] && (cut < 0 || gap(i) > gap(cut))) cut = i;
    }
    if (cut < 0) return null;
    cuts.push(cut);
  }
  return [0, ...cuts].map((from, k) => subToken(t, from, cuts[k] ?? t.glyphs.length));
}

/** A header wrapped over two or three lines ("MORE THAN HALF" over "THE DAYS"): the lines above joined. */
function wrappedHeader(best: Token, tokens: Token[]): Token {
  let top = best;
  let text = best.text;
  for (let k = 0; k < GRID.headerMaxExtraLines; k++) {
    const up = tokens.find(
      (t) => t.y1 >= top.y2 - TOUCH_SLACK && t.y1 - top.y2 < GRID.headerLineGapEm * top.size && overlapX(t, top) > 0,
    );
    if (!up || wordCount(up) > GRID.headerMaxWords) break;
    text = `${up.text} ${text}`;
    top = up;
  }
  return { ...best, text, y2: top.y2 };
}
