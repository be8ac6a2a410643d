/** Groups glyphs into lines and tokens: words/phrases, blank runs (underscores, dots) and box glyphs. */
import type { Box, Glyph, Segment } from './types';
import { LAYOUT_PARAMS as P } from './params';

export type TokenType = 'text' | 'blank' | 'box' | 'circle' | 'bracket' | 'paren';

export interface Token extends Box {
  type: TokenType;
  text: string;
  base: number;
  size: number;
  bold: boolean;
  glyphs: Glyph[];
}

export interface TextLine extends Box {
  base: number;
  size: number;
  tokens: Token[];
}

/** Glyphs of boxes to tick (the `\uF0..` ones: Wingdings and Symbol boxes, which map to private code points). */
export const BOX_CHARS = new Set([...'☐□❑❒■▢◻◼⬜☑☒\uF06F\uF0A8\uF071\uF0FE']);
export const CIRCLE_CHARS = new Set([...'○◯●◦⚪❍\uF09F\uF0A1']);

/** Glyphs whose baselines differ by at most this share of their size (and at least 1 pt) are on one line. */
const LINE_BASE_TOLERANCE_EM = 0.25;
const LINE_BASE_TOLERANCE_MIN = 1;
/** A dot leader is at least this many dots... */
const DOT_LEADER_MIN_DOTS = 6;
/** em: ... each at most this far from the next. */
const DOT_LEADER_GAP_EM = 0.6;
/** em: a `( )` pair this close before underscores is the area-code part of that blank. */
const AREA_CODE_GAP_EM = 0.3;
/** em: an opening and a closing bracket at most this far apart are an empty pair to tick ("[ ]", "( )"). */
const BRACKET_PAIR_GAP_EM = 1.6;

/** em: a word this far or further after the previous one may start a column of its own (see `splitAtColumns`). */
const COLUMN_WORD_GAP_EM = 0.45;
/** em: a typewriter font's space is already this wide. */
const MONO_SPACE_EM = 0.6;
/** A gap wider than a plain space before this glyph (a column may start there). */
export const wordGap = (g: Glyph): number => (COLUMN_WORD_GAP_EM + (g.mono ? MONO_SPACE_EM : 0)) * g.size;
/** An option word and the label after it (`F   DOB:`) are this many words at most. */
const OPTION_LABEL_MAX_WORDS = 4;
/** em: lone `O`s in one column on lines at most this far apart are a list's radios. */
const O_LIST_PITCH_EM = 2.5;
/** pt: a word starts a column when it starts within this of where tokens of other lines start... */
const COLUMN_ALIGN = 1.5;
/** ... on at least this many other lines. */
const COLUMN_MIN_LINES = 3;

/**
 * Clusters glyphs into baseline-aligned lines, left to right. A vertical rule between two glyphs (a table's
 * cell border) ends a token, and so does a word that starts where a column of other lines' tokens starts.
 */
export function buildLines(glyphs: Glyph[], vRules: Segment[]): TextLine[] {
  const sorted = [...glyphs].sort((a, b) => b.base - a.base || a.x1 - b.x1);
  const lines: Array<{ base: number; glyphs: Glyph[] }> = [];
  for (const g of sorted) {
    const tol = Math.max(LINE_BASE_TOLERANCE_MIN, LINE_BASE_TOLERANCE_EM * g.size);
    const line = lines.find((l) => Math.abs(l.base - g.base) <= tol);
    if (line) line.glyphs.push(g);
    else lines.push({ base: g.base, glyphs: [g] });
  }
  for (const l of lines) l.glyphs.sort((a, b) => a.x1 - b.x1);
  // A lone `O` over another, line under line (`O Friend` / `O Internet` under their question), is a radio too.
  const lone = lines.map((l) => loneOs(l.glyphs));
  const stacked = (li: number, g: Glyph): boolean =>
    lines.some(
      (o, lj) =>
        lj !== li &&
        Math.abs(o.base - g.base) < O_LIST_PITCH_EM * g.size &&
        lone[lj].some((k) => Math.abs(o.glyphs[k].x1 - g.x1) <= COLUMN_ALIGN),
    );
  const out = lines.map((l, li) => {
    const radios = lone[li].length >= 2 ? lone[li] : lone[li].filter((i) => stacked(li, l.glyphs[i]));
    const tokens = tokenize(l.glyphs, vRules, new Set(radios));
    return {
      base: median(l.glyphs.map((g) => g.base)),
      size: median(l.glyphs.map((g) => g.size)),
      tokens,
      x1: Math.min(...tokens.map((t) => t.x1)),
      x2: Math.max(...tokens.map((t) => t.x2)),
      y1: Math.min(...tokens.map((t) => t.y1)),
      y2: Math.max(...tokens.map((t) => t.y2)),
    };
  });
  splitAtColumns(out);
  for (const l of out) l.tokens = l.tokens.flatMap(splitAnswerFromPrompt);
  return out.sort((a, b) => b.base - a.base);
}

/** An answer word a follow-up question is typed right after (`☐ No  If yes, list: ____`). */
const ANSWER_BEFORE_CONDITION = /^(yes|no|y|n)$/i;

/**
 * Two tokens: `No  If yes, list:` after a box is the answer, then the prompt of what follows; `☐ F   DOB: ___` is an
 * option's word after a box, then the next label typed a few spaces on (the widest gap of the token, wider than a
 * space). `☐ Other, please specify:` is one.
 */
function splitAnswerFromPrompt(t: Token, i: number, toks: Token[]): Token[] {
  const gs = t.glyphs;
  if (t.type !== 'text') return [t];
  const split = (k: number): Token[] => [makeToken('text', gs.slice(0, k)), makeToken('text', gs.slice(k))];
  for (let k = 1; k + 2 < gs.length; k++) {
    const startsIf = /^if$/i.test(gs[k].ch + gs[k + 1].ch) && spaced(gs[k - 1], gs[k]) && spaced(gs[k + 1], gs[k + 2]);
    if (startsIf && ANSWER_BEFORE_CONDITION.test(gs.slice(0, k).reduce((s, g) => s + g.ch, ''))) return split(k);
  }
  const marker = toks[i - 1]?.type === 'box' || toks[i - 1]?.type === 'circle';
  if (!marker || !/:\s*$/.test(t.text)) return [t];
  const gap = (k: number): number => gs[k].x1 - gs[k - 1].x2;
  const starts = [...gs.keys()].filter((k) => k > 0 && spaced(gs[k - 1], gs[k]));
  if (!starts.length || starts.length > OPTION_LABEL_MAX_WORDS) return [t];
  const k = starts.reduce((a, b) => (gap(b) > gap(a) ? b : a));
  return gap(k) >= wordGap(gs[k]) ? split(k) : [t];
}

/**
 * Words printed a little more than a space apart merge into one phrase (`Congenital Heart Defect  Y N`); when
 * the later word starts where tokens of several other lines start (the column of `Y N` answers), it starts a
 * token of its own.
 */
function splitAtColumns(lines: TextLine[]): void {
  const starts = lines.map((l) => l.tokens.filter((t) => t.type === 'text').map((t) => t.x1));
  const isColumn = (x: number, li: number): boolean =>
    starts.filter((xs, k) => k !== li && xs.some((s) => Math.abs(s - x) <= COLUMN_ALIGN)).length >= COLUMN_MIN_LINES;
  lines.forEach((l, li) => {
    l.tokens = l.tokens.flatMap((t) => {
      if (t.type !== 'text') return [t];
      const gs = t.glyphs;
      const cuts = [...gs.keys()].filter(
        (k) => k > 0 && gs[k].x1 - gs[k - 1].x2 >= wordGap(gs[k]) && isColumn(gs[k].x1, li),
      );
      return [0, ...cuts].map((from, i) => makeToken('text', gs.slice(from, cuts[i] ?? gs.length)));
    });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function classOf(g: Glyph): TokenType | 'under' | 'dot' {
  if (g.ch === '_') return 'under';
  if (g.ch === '.' || g.ch === '…') return 'dot';
  if (BOX_CHARS.has(g.ch)) return 'box';
  if (CIRCLE_CHARS.has(g.ch)) return 'circle';
  return 'text';
}

/**
 * Characters printed between the segments of one blank: `__/__/____`, `..... / .....`, `_____ @ _____` (and `.`
 * between underscores: `__.__.____`).
 */
export const SEGMENT_JOINERS = new Set(['/', '-', '–', '@']);

/**
 * Last glyph of the blank run (underscores or dots) starting at i: glyphs of its class closer than a join gap,
 * and segments joined by one joiner glyph (dates, e-mail addresses) form one blank.
 */
function blankRunEnd(gs: Glyph[], i: number, cls: 'under' | 'dot'): number {
  const size = gs[i].size;
  const join = (cls === 'under' ? P.underscoreJoinEm : DOT_LEADER_GAP_EM) * size;
  let end = i;
  let j = i + 1;
  while (j < gs.length && gs[j].x1 - gs[j - 1].x2 < join) {
    if (classOf(gs[j]) === cls) {
      // A visible gap between two short underscore runs separates two blanks (a "Past / Present" pair).
      const split =
        cls === 'under' &&
        j === end + 1 &&
        gs[j].x1 - gs[end].x2 > P.underscoreSplitEm * size &&
        gs[end].x2 - gs[i].x1 < P.blankBeforeMaxEm * size &&
        j + 2 < gs.length &&
        classOf(gs[j + 1]) === 'under' &&
        classOf(gs[j + 2]) === 'under';
      if (split) break;
      end = j++;
    } else if (
      (SEGMENT_JOINERS.has(gs[j].ch) || (cls === 'under' && gs[j].ch === '.')) &&
      j + 1 < gs.length &&
      classOf(gs[j + 1]) === cls &&
      gs[j + 1].x1 - gs[j].x2 < join
    )
      j++;
    else break;
  }
  return end;
}

/**
 * What the joiners of a segmented blank say it holds: three parts split by `/` are a date (as its hint
 * "MM/DD/YYYY" would say), parts split by `@` an e-mail address; null for anything else.
 */
export function segmentHint(joiners: string[]): string | null {
  if (joiners.includes('@')) return '@';
  return joiners.length === 2 && joiners[0] === joiners[1] && '/.'.includes(joiners[0]) ? 'MM/DD/YYYY' : null;
}

/** Dots from i make a leader when there are enough of them, over joined segments (fewer are punctuation). */
const isLeader = (gs: Glyph[], i: number): boolean =>
  gs.slice(i, blankRunEnd(gs, i, 'dot') + 1).reduce((n, x) => n + (x.ch === '.' ? 1 : x.ch === '…' ? 3 : 0), 0) >=
  DOT_LEADER_MIN_DOTS;

export function makeToken(type: TokenType, gs: Glyph[]): Token {
  return {
    type,
    // Words and phrases keep the spaces their gaps print; a blank or a marker is its glyphs.
    text: type === 'text' ? spacedText(gs) : gs.map((g) => g.ch).join(''),
    glyphs: gs,
    x1: gs[0].x1,
    x2: gs[gs.length - 1].x2,
    y1: Math.min(...gs.map((g) => g.y1)),
    y2: Math.max(...gs.map((g) => g.y2)),
    base: gs[0].base,
    size: gs[0].size,
    bold: gs.every((g) => g.bold),
  };
}

/** Splits one line into tokens. Words closer than a word gap and not parted by a rule merge into phrases. */
function tokenize(gs: Glyph[], vRules: Segment[], radios: Set<number>): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < gs.length; ) {
    const [type, end] = tokenAt(gs, i, radios, vRules);
    tokens.push(makeToken(type, gs.slice(i, end + 1)));
    i = end + 1;
  }
  return tokens;
}

/** The bracket closing `ch` when it opens one (an empty pair of them is a marker to tick). */
const closing = (ch: string): string | undefined => (ch === '[' ? ']' : ch === '(' ? ')' : undefined);

/** The type of the token starting at glyph i, and its last glyph. */
function tokenAt(gs: Glyph[], i: number, radios: Set<number>, vRules: Segment[]): [TokenType, number] {
  const g = gs[i];
  const c = classOf(g);
  if (c === 'under' || (c === 'dot' && isLeader(gs, i))) return ['blank', blankRunEnd(gs, i, c)];
  if (c === 'box' || c === 'circle' || radios.has(i)) return [c === 'box' ? c : 'circle', i];
  const phone = areaCodeBlankEnd(gs, i);
  if (phone > 0) return ['blank', phone];
  const n = gs[i + 1];
  if (n && n.ch === closing(g.ch) && n.x1 - g.x2 < BRACKET_PAIR_GAP_EM * g.size)
    return [g.ch === '[' ? 'bracket' : 'paren', i + 1];
  // A phrase: text glyphs until a large gap or a special glyph.
  let j = i;
  while (j + 1 < gs.length) {
    const n = gs[j + 1];
    const cn = classOf(n);
    if (cn === 'under' || cn === 'box' || cn === 'circle' || radios.has(j + 1)) break;
    if (closing(n.ch) !== undefined && gs[j + 2]?.ch === closing(n.ch)) break;
    if (areaCodeBlankEnd(gs, j + 1) > 0) break;
    if (cn === 'dot' && isLeader(gs, j + 1)) break;
    const gap = n.x1 - gs[j].x2;
    if (gap > P.phraseGapEm * Math.max(g.size, n.size) || gap < -g.size) break;
    if (ruleBetween(gs[j], n, vRules)) break;
    j++;
  }
  return ['text', j];
}

/**
 * A phone number's blank from the `(` at i: `Cell (   )________` (the parentheses hold the area code of the blank glued
 * to them) or `(____) ____-______` (the area code's underscores between them); its last glyph, or -1.
 */
function areaCodeBlankEnd(gs: Glyph[], i: number): number {
  if (gs[i].ch !== '(') return -1;
  const near = (a: number, gapEm: number): boolean => gs[a + 1]?.x1 - gs[a].x2 < gapEm * gs[i].size;
  let close = i + 1;
  if (gs[close]?.ch === '_' && near(i, AREA_CODE_GAP_EM)) {
    close = blankRunEnd(gs, close, 'under') + 1;
    if (!near(close - 1, AREA_CODE_GAP_EM)) return -1;
  }
  if (gs[close]?.ch !== ')' || gs[close + 1]?.ch !== '_') return -1;
  return near(close, close === i + 1 ? AREA_CODE_GAP_EM : P.underscoreJoinEm)
    ? blankRunEnd(gs, close + 1, 'under')
    : -1;
}

/** A vertical rule crossing the line's middle in the gap between two glyphs. */
function ruleBetween(a: Glyph, b: Glyph, vRules: Segment[]): boolean {
  const mid = a.base + a.size / 3;
  return vRules.some((v) => v.x1 >= a.x2 - RULE_INSET && v.x1 <= b.x1 + RULE_INSET && v.y1 < mid && v.y2 > mid);
}

/** pt: a rule may touch the glyphs it parts by this much (ink at the cell's edge). */
const RULE_INSET = 0.5;

/**
 * Indexes of the capital `O`s standing alone before a word. Two or more on one row are radios printed as the letter
 * (`O Yes  O No  O N/A`, `Sex: O Male O Female`); one lone `O` is a word (`Type O`).
 */
const loneOs = (gs: Glyph[]): number[] =>
  [...gs.keys()].filter(
    (i) =>
      gs[i].ch === 'O' &&
      (i === 0 || spaced(gs[i - 1], gs[i])) &&
      i + 1 < gs.length &&
      spaced(gs[i], gs[i + 1]) &&
      /\p{L}/u.test(gs[i + 1].ch),
  );

export const wordCount = (t: Token): number => t.text.trim().split(/\s+/).length;

/** pt: edges and rows within this are touching or level (text ending at a marker, ties go to the left-most). */
export const TOUCH_SLACK = 1;
/** pt: a marker right under a word (its centre within this of the word's ends) makes the word its column header. */
export const HEADER_REACH = 4;
/** pt: a column header sits at most this far over its cell or marker (the top of a table). */
export const COLUMN_HEADER_MAX_RISE = 160;

export const textOf = (toks: Token[]): string => toks.map((t) => t.text).join(' ');

/** A unit printed after a blank (`____ ft ____ in`, `____ lbs`, `____ per day`): the blank's, not an option word. */
export const isUnitWord = (s: string): boolean =>
  /^(ft|feet|in|inch(es)?|lbs?|pounds?|oz|kg|g|cm|mm|m|mg|ml|cc|%|x|times|yrs?|years?( old| ago)?|mos?|months?|wks?|weeks?|days?|hrs?|hours?|mins?|minutes?|(per|a|\/) ?(day|week|month|year)|packs?|drinks?|cups?|mmhg|bpm|°[fc])\.?( (per|a|an|each) (day|week|month|year))?$/i.test(
    s.trim(),
  );

/** The first of `toks` with the least `key`, or null. */
export const least = (toks: Token[], key: (t: Token) => number): Token | null =>
  toks.reduce<Token | null>((best, t) => (!best || key(t) < key(best) ? t : best), null);

/** The gap between two glyphs prints as a space. */
const spaced = (a: Glyph, b: Glyph): boolean => b.x1 - a.x2 > P.spaceGapEm * b.size;

/** Text with spaces restored from glyph gaps. */
const spacedText = (gs: Glyph[]): string =>
  gs.map((g, k) => (k > 0 && spaced(gs[k - 1], g) ? ' ' : '') + g.ch).join('');

/** Label text: trailing colon, required mark and blanks removed. */
export function cleanLabel(s: string): string {
  return (
    s
      .replace(/[_.…]{3,}/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s*:]+|[\s*:]+$/g, '')
      .replace(/\s*\*\s*$/, '')
      .trim()
      // A caption printed in parentheses (`(Last)  (First)  (MI)` under a name line) is its words.
      .replace(/^\(([^()]+)\)$/, '$1')
  );
}

export function isRequiredText(s: string): boolean {
  return /\*\s*:?\s*$/.test(s.trim()) || /^\s*\*/.test(s) || /\(required\)/i.test(s);
}
