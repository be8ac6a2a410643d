/** Candidates drawn with text: blank runs (underscores, dots), box glyphs (☐ ○) and bracket pairs ("[ ]", "( )"). */
import { isYesNoWord } from '../kinds';
import type { Candidate, Source } from './candidate';
import { LAYOUT_PARAMS as P } from './params';
import { GRID } from './grid-headers';
import { HEADER_REACH, isUnitWord, SEGMENT_JOINERS, segmentHint, wordCount, type TextLine, type Token } from './text';
import { boxW, type Box, type Glyph } from './types';

/** Where the ink of text-drawn fields sits (em: multiples of the font size; pt otherwise). */
const TEXT_FIELD = {
  /** em: a tick space glued this close after its answer word (`Yes___`). */
  answerGlueEm: 0.3,
  /** em: a circle glyph's ink starts this far under the baseline (a box glyph's on it). */
  circleInkDropEm: 0.07,
  /** em: a bracket pair's ink is inset this much from the glyphs' advance on each side... */
  bracketInsetEm: 0.08,
  /** em: ... and runs from this far under the baseline... */
  bracketDropEm: 0.21,
  /** em: ... to this far over it. */
  bracketRiseEm: 0.76,
  /** em: a blank's band starts this far under the baseline (the underscores' ink). */
  blankDropEm: 0.14,
  /** em: a blank's band is this many font sizes tall (one line of handwriting)... */
  blankBandEm: 1.45,
  /** pt: ... but at least this tall... */
  blankBandMin: 12,
  /** pt: ... and at most this tall. */
  blankBandMax: 16,
  /** A blank run is a field less surely than a drawn box (it may be a separator). */
  blankConfidence: 0.85,
  /** A box glyph is meant to be ticked. */
  glyphConfidence: 0.9,
  /** A bracket pair may be an empty parenthesis in prose. */
  bracketConfidence: 0.85,
  /** pt: a column header is on a line more than this above the blank row. */
  headerMinRise: 2,
  /** em: the blanks of a `__ __ Diabetes` pair are closer than this. */
  blankPairGapEm: 2,
  /** em: a label this close before a blank ("Age: ____") makes it a text blank. */
  labelGapEm: 2,
  /** em: two underscores (`__ Insomnia`) are a tick space even in a narrow font (one underscore is punctuation). */
  tickPairMinEm: 0.9,
} as const;

/**
 * The ink of a box or circle glyph: the outline's box when the font gives one, else a square of `glyphInkEm`
 * sitting on the baseline, never wider than the glyph's advance (a marker does not overlap the word glued to it).
 */
function glyphInk(g: Glyph, kind: 'box' | 'circle'): Box {
  if (g.ink) return g.ink;
  const s = g.size;
  const adv = g.x2 - g.x1;
  const side = Math.min(P.glyphInkEm * s, adv);
  const cx = g.x1 + adv / 2;
  const y1 = g.base + (kind === 'box' ? 0.0 : -TEXT_FIELD.circleInkDropEm) * s;
  return { x1: cx - side / 2, x2: cx + side / 2, y1, y2: y1 + side };
}

function bracketInk(t: Token): Box {
  const [a, b] = t.glyphs;
  const s = a.size;
  return {
    x1: a.x1 + TEXT_FIELD.bracketInsetEm * s,
    x2: b.x2 - TEXT_FIELD.bracketInsetEm * s,
    y1: a.base - TEXT_FIELD.bracketDropEm * s,
    y2: a.base + TEXT_FIELD.bracketRiseEm * s,
  };
}

/** A candidate drawn with the token's text, on its baseline. */
const onToken = (t: Token, b: Box, source: Source, choice: boolean, confidence: number): Candidate => ({
  ...b,
  source,
  choice,
  base: t.base,
  size: t.size,
  confidence,
});

/** Blank runs wide enough to write in (or tick spaces before a list item), box glyphs and bracket pairs. */
export function textCandidates(lines: TextLine[]): Candidate[] {
  const out: Candidate[] = [];
  for (const l of lines) {
    const grid = blankGridRow(lines, l);
    l.tokens.forEach((t, i) => {
      const before = t.type === 'blank' && (grid.has(t) || isBlankBefore(l.tokens, i) || isAnswerBlank(l.tokens, i));
      if (t.type === 'blank' && (before || boxW(t) >= P.blankMinWidthEm * t.size)) {
        const y1 = t.base - TEXT_FIELD.blankDropEm * t.size;
        const source = t.text.includes('_') ? 'underscore' : 'dots';
        const joiners = t.glyphs.filter((g) => SEGMENT_JOINERS.has(g.ch) || (source === 'underscore' && g.ch === '.'));
        const hint = segmentHint(joiners.map((g) => g.ch));
        const height = Math.max(TEXT_FIELD.blankBandMin, TEXT_FIELD.blankBandEm * t.size);
        const band = { x1: t.x1, x2: t.x2, y1, y2: y1 + Math.min(TEXT_FIELD.blankBandMax, height) };
        out.push({ ...(hint ? { hint } : {}), ...onToken(t, band, source, before, TEXT_FIELD.blankConfidence) });
      } else if (t.type === 'box' || t.type === 'circle') {
        const source = t.type === 'circle' ? 'circle' : 'glyph';
        out.push(onToken(t, glyphInk(t.glyphs[0], t.type), source, true, TEXT_FIELD.glyphConfidence));
      } else if (t.type === 'bracket' || t.type === 'paren') {
        out.push(onToken(t, bracketInk(t), t.type, true, TEXT_FIELD.bracketConfidence));
      }
    });
  }
  return out;
}

/** A short underscore run: the size of a tick space. */
const isTickSpace = (t: Token | undefined): t is Token =>
  t !== undefined &&
  t.type === 'blank' &&
  t.text.includes('_') &&
  boxW(t) <= P.blankBeforeMaxEm * t.size &&
  (boxW(t) >= P.blankBeforeMinEm * t.size || (t.glyphs.length >= 2 && boxW(t) >= TEXT_FIELD.tickPairMinEm * t.size));

/**
 * Short blanks of a row that sit each under its own column header ("Yes" / "No" over `____  ____` after a
 * question): a grid of tick spaces. Empty when the row is not such a row.
 */
function blankGridRow(lines: TextLine[], l: TextLine): Set<Token> {
  const blanks = l.tokens.filter(isTickSpace);
  if (blanks.length < 2 || !l.tokens.some((t) => t.type === 'text' && t.x2 < blanks[0].x1)) return new Set();
  const heads: Token[] = [];
  for (const b of blanks) {
    const c = (b.x1 + b.x2) / 2;
    let best: Token | null = null;
    for (const o of lines) {
      if (o.base <= l.base + TEXT_FIELD.headerMinRise || o.base > l.base + P.gridHeaderMaxRise) continue;
      const t = o.tokens.find((k) => k.type === 'text' && k.x1 - HEADER_REACH < c && k.x2 + HEADER_REACH > c);
      if (t && (!best || o.base < best.base)) best = t;
    }
    if (!best || wordCount(best) > GRID.headerMaxWords) return new Set();
    heads.push(best);
  }
  const offRow = heads.some((h) => Math.abs(h.base - heads[0].base) > GRID.headerRowTolerance);
  return new Set(new Set(heads).size !== heads.length || offRow ? [] : blanks);
}

/** A short blank glued after `Yes` / `No` (`Yes___  No___`), two such on the row: the answer's tick space. */
function isAnswerBlank(toks: Token[], i: number): boolean {
  const answer = (k: number): boolean =>
    isTickSpace(toks[k]) &&
    toks[k - 1]?.type === 'text' &&
    toks[k].x1 - toks[k - 1].x2 < TEXT_FIELD.answerGlueEm * toks[k].size &&
    isYesNoWord(toks[k - 1].text.split(/\s+/).at(-1) ?? '');
  return answer(i) && toks.filter((t, k) => answer(k)).length >= 2;
}

/**
 * A short blank printed BEFORE a list item (`____ Insomnia`, or a `__ __ Diabetes` pair): the item's tick
 * space, a choice marker. Not when a label precedes it (`Age: ____ years` is a text blank).
 */
function isBlankBefore(toks: Token[], i: number): boolean {
  // One underscore glued to its word (`_Male __Female`) is a tick space only among others on its row.
  const glued = (t: Token | undefined): t is Token => {
    const n = t && toks[toks.indexOf(t) + 1];
    return t?.text === '_' && n?.type === 'text' && n.x1 - t.x2 < P.spaceGapEm * 3 * t.size && /^\p{L}/u.test(n.text);
  };
  const short = (t: Token | undefined): t is Token => isTickSpace(t) || glued(t);
  const pairGap = (t: Token): number => TEXT_FIELD.blankPairGapEm * t.size;
  // The word after is a list item: not a unit (`____ lbs`), not the label of the next blank (`Exercise: ____`), not
  // the close of a write-in (`(quit date: ____)`).
  const itemAfter = (k: number): boolean =>
    toks[k + 1]?.type === 'text' &&
    toks[k + 1].x1 - toks[k].x2 <= P.blankBeforeGapEm * toks[k + 1].size &&
    !isUnitWord(toks[k + 1].text) &&
    !/:\s*$/.test(toks[k + 1].text) &&
    /^[\p{L}\d]/u.test(toks[k + 1].text.trim());
  let j = i;
  while (short(toks[j]) && short(toks[j + 1]) && toks[j + 1].x1 - toks[j].x2 < pairGap(toks[j])) j++;
  if (!short(toks[i]) || !short(toks[j]) || !itemAfter(j)) return false;
  // A row that opens with text and closes with a blank reads label-then-blank ("Date of Birth ___ Age ___",
  // "Length of cycle ___ Blood clots? ..."); a list of tick spaces opens with a blank or a prompt and closes with
  // an item.
  if (toks[0].type === 'text' && toks[toks.length - 1].type === 'blank') return false;
  // Several "blank + item" pairs on one row are a list whatever precedes it ("Sex (check one): __ Male __ Female").
  if (toks.filter((t, k) => short(t) && itemAfter(k)).length >= 2) return true;
  if (!isTickSpace(toks[i])) return false;
  if (!/^[A-Za-zÀ-ÿ¿]/.test(toks[j + 1].text.trim())) return false;
  let k = i;
  while (short(toks[k - 1]) && toks[k].x1 - toks[k - 1].x2 < pairGap(toks[k])) k--;
  const prev = toks[k - 1];
  const labelGap = TEXT_FIELD.labelGapEm * toks[k].size;
  return !prev || prev.type !== 'text' || toks[k].x1 - prev.x2 > labelGap || !/[:?]\s*$/.test(prev.text);
}
