/**
 * Option words of a row's choice markers, right of them (`☐ Yes ☐ No`) or left (`M☐  F☐`): each side is scored over
 * the row (tight and even gaps, few markers without a word) and the cheaper wins; words and markers pair one to one.
 */
import { LAYOUT_PARAMS as P } from './params';
import { makeToken, TOUCH_SLACK, type Token } from './text';
import type { Box } from './types';

export type Side = 'left' | 'right';

export interface RowBinding {
  side: Side;
  /** Option word per marker (null: none bound). */
  words: Array<Token | null>;
  cost: number;
}

/** A prompt glued to its first option ("GENDER: M", "Smoke? Yes": one token, closer than a word gap) split in two. */
export function splitPromptOption(t: Token): Token[] {
  const gs = t.glyphs;
  for (let i = gs.length - 2; i >= 0; i--) {
    if (gs[i].ch !== ':' && gs[i].ch !== '?') continue;
    // A required mark may follow ("MEDICATIONS?* YES").
    const end = gs[i + 1].ch === '*' && i + 2 < gs.length ? i + 1 : i;
    if (gs[end + 1].x1 - gs[end].x2 > P.spaceGapEm * gs[end].size)
      return [subToken(t, 0, end + 1), subToken(t, end + 1, gs.length)];
  }
  return [t];
}

/** The glyphs [from, to) of a text token as a token of their own (on the token's baseline, size and weight). */
export function subToken(t: Token, from: number, to: number): Token {
  const { glyphs, text, x1, x2, y1, y2 } = makeToken('text', t.glyphs.slice(from, to));
  return { ...t, glyphs, text, x1, x2, y1, y2 };
}

/** The tokens from `x1` to `x2`, text touching a marker included. */
export function toksBetween(toks: Token[], x1: number, x2: number): Token[] {
  return toks.filter((t) => t.x1 >= x1 - TOUCH_SLACK && t.x2 <= x2 + TOUCH_SLACK);
}

/** The cost of binding one side: lower is better. */
function sideCost(markers: Box[], words: Array<Token | null>, side: Side, em: number): number {
  const gaps: number[] = [];
  let cost = 0;
  markers.forEach((m, i) => {
    const w = words[i];
    const gap = w && Math.max(0, side === 'right' ? w.x1 - m.x2 : m.x1 - w.x2) / em;
    if (gap !== null) gaps.push(gap);
    cost += gap === null ? P.bindMissingCost : P.bindGapWeight * gap + (side === 'left' ? P.bindLeftPenalty : 0);
  });
  if (gaps.length > 1) cost += P.bindSpreadWeight * (Math.max(...gaps) - Math.min(...gaps));
  return cost;
}

/** Each marker's nearest word on `side` within its slot of the row (up to the next marker) and `maxGap`. */
function wordsFor(markers: Box[], toks: Token[], side: Side, maxGap: number): Array<Token | null> {
  return markers.map((m, i) => {
    const w =
      side === 'right'
        ? toksBetween(toks, m.x2, markers[i + 1]?.x1 ?? Infinity)[0]
        : toksBetween(toks, markers[i - 1]?.x2 ?? -Infinity, m.x1).at(-1);
    return w && (side === 'right' ? w.x1 - m.x2 : m.x1 - w.x2) <= maxGap ? w : null;
  });
}

/**
 * Binds a row's markers (left to right) to its sorted tokens, split by `splitPromptOption`; null when neither side
 * binds half of them: a table row, whose options are named by column headers.
 */
export function bindRow(markers: Box[], toks: Token[], em: number, prefer?: Side): RowBinding | null {
  const options: RowBinding[] = [];
  const maxGap = Math.max(P.bindMaxGapFloor, P.bindMaxGapEm * em);
  for (const side of ['right', 'left'] as const) {
    const words = wordsFor(markers, toks, side, maxGap);
    const bound = words.filter((w) => w !== null).length;
    if (bound === 0 || bound * 2 < markers.length) continue;
    options.push({ side, words, cost: sideCost(markers, words, side, em) });
  }
  options.sort((a, b) => a.cost - b.cost);
  // A near tie goes to the side the page's clear rows use (one page is printed one way).
  if (prefer && options.length === 2 && options[1].cost - options[0].cost < P.bindSidePriorMargin)
    return options.find((o) => o.side === prefer) ?? options[0];
  return options[0] ?? null;
}

/**
 * Radio circles far right of their words (`Diabetes      ○     Asthma      ○`), beyond `bindRow`'s reach: each takes
 * the last word before it at any distance when every circle has one, nothing follows the last, and no blank of the
 * row (`walls`) sits between. Circles only: a lone check box after a sentence is a consent tick for that sentence.
 */
export function bindFarLeft(
  { items: markers, toks }: { items: Array<Box & { source: string }>; toks: Token[] },
  walls: Box[],
): RowBinding | null {
  const last = markers[markers.length - 1];
  if (!markers.every((m) => m.source === 'circle') || toksBetween(toks, last.x2, Infinity).length) return null;
  const words = wordsFor(markers, toks, 'left', Infinity);
  const walled = (w: Token, m: Box): boolean =>
    walls.some((o) => o.x1 >= w.x2 - TOUCH_SLACK && o.x2 <= m.x1 + TOUCH_SLACK);
  if (words.some((w, i) => w === null || walled(w, markers[i]))) return null;
  return { side: 'left', words, cost: 0 };
}

/** The side most rows of a page bind on, counting only rows that bind two or more markers. */
export function pageSide(bindings: Array<RowBinding | null>): Side | undefined {
  const clear = bindings.filter((b) => b && b.words.filter((w) => w !== null).length >= 2);
  const left = clear.filter((b) => b!.side === 'left').length;
  const right = clear.length - left;
  return left === right ? undefined : left > right ? 'left' : 'right';
}
