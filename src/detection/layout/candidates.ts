/**
 * Field candidates on one page: blanks (underscores, dots), free ruled lines, empty boxes and cells,
 * and choice markers (drawn squares, circles, box glyphs, bracket pairs). Text-drawn candidates are in
 * `text-candidates.ts`, combs and cells in `cell-candidates.ts`, blanks without a box in `blanks.ts`.
 */
import { blank } from './blank-space';
import { findBlanks } from './blanks';
import { isHint, textMiddle } from './box-text';
import { addCellCandidates, combCandidate, combGroups } from './cell-candidates';
import type { Candidate } from './candidate';
import type { Geometry } from './geometry';
import { LAYOUT_PARAMS as P } from './params';
import { isUnitWord, SEGMENT_JOINERS, segmentHint, type TextLine } from './text';
import { textCandidates } from './text-candidates';
import { boxW, boxH, intersects, type Box, type Segment } from './types';

/** Drawn choice markers. */
const MARKER = {
  /** A drawn square is meant to be ticked. */
  squareConfidence: 0.9,
  /** A drawn circle may be a bullet or a decoration. */
  circleConfidence: 0.85,
} as const;

/** Free ruled lines with an empty band above them (pt unless noted). */
const RULE_FIELD = {
  /** A rule thicker than this is a bar or a section divider, not a line to write on. */
  maxWidth: 3,
  /** The band written on above the rule. */
  bandHeight: 13,
  /** Text inside the band further than this from its sides... */
  textInset: 2,
  /** ... with its baseline more than this under the band's top... */
  textTopInset: 3,
  /** ... covering more than this share of the rule's length makes the rule an underline, not a field. */
  maxCoveredShare: 0.15,
  /** The field's baseline sits this far over the rule. */
  baseRise: 1,
  /** Less sure than a box: rules also underline and separate. */
  confidence: 0.75,
  /** A format hint (MM/DD/YYYY) starts within this of the rule's start... */
  hintSlack: 2,
  /** ... with its baseline at most this far over the rule... */
  hintMaxRise: 8,
  /** ... or this far under it. */
  hintMaxDrop: 14,
} as const;

export function findCandidates(lines: TextLine[], geo: Geometry, pageHeight: number): Candidate[] {
  const out: Candidate[] = textCandidates(lines);
  // Comb rows: touching empty boxes of one size are one field (one per group between dashes/labels).
  const combs = combGroups([...geo.cells, ...geo.squares], lines);
  const inComb = new Set(combs.flat());
  for (const g of combs) out.push(combCandidate(g));
  // Drawn squares and circles, unless a text-drawn marker is there.
  const drawn = (b: Box, source: 'square' | 'circle', confidence: number): void => {
    if (out.some((o) => o.choice && intersects(o, b))) return;
    const { x1, y1, x2, y2 } = b;
    out.push({ x1, y1, x2, y2, source, choice: true, base: y1, size: boxH(b), confidence });
  };
  for (const s of geo.squares) if (!inComb.has(s)) drawn(s, 'square', MARKER.squareConfidence);
  for (const c of geo.circles) drawn(c, 'circle', MARKER.circleConfidence);
  addCellCandidates(out, lines, geo, inComb);
  addRuleCandidates(out, lines, geo);
  markTickRules(out, lines);
  // Blanks without a box: dash-split numbers, label followed by empty space.
  const { add, drop } = findBlanks(lines, geo, out, pageHeight);
  return [...out.filter((c) => !drop.has(c)), ...add];
}

/** Rules printed in segments joined by a printed separator (a date drawn as `___ / ___ / _____`). */
const SEGMENTED = {
  /** pt: a segment is at least this long (one digit). */
  minLength: 6,
  /** em: the separator is at most this far from the segments it joins. */
  maxGapEm: 1.2,
  /** pt: the segments of one blank are level within this. */
  rowTolerance: 1.5,
  /** em: the rule lies at most this far under the separator's baseline... */
  dropEm: 0.6,
  /** em: ... and at most this far over it. */
  riseEm: 0.3,
} as const;

/** Date-part words and separators only (`MM /`, `/`, `YYYY`): the print of a segmented blank, not a label. */
const isSegmentText = (s: string): boolean =>
  /^[/@–-]?$/.test(s.replace(/\b(mm|dd|yyyy|yy|aaaa|aa|jj)\b/gi, '').replace(/\s+/g, ''));

/**
 * Rules joined by separators into one blank, with what the separators say it holds; the rules they join are
 * left out of the free lines.
 */
function ruleChains(geo: Geometry, lines: TextLine[]): { lines: Segment[]; hints: Map<Segment, string> } {
  const rules = geo.hLines
    .filter((s) => s.width <= RULE_FIELD.maxWidth && s.x2 - s.x1 >= SEGMENTED.minLength)
    .sort((a, b) => a.x1 - b.x1);
  const joiners = lines.flatMap((l) =>
    l.tokens
      .filter((t) => t.type === 'text' && isSegmentText(t.text))
      .flatMap((t) => t.glyphs.filter((g) => SEGMENT_JOINERS.has(g.ch))),
  );
  const next = (a: Segment): [Segment, string] | null => {
    for (const g of joiners) {
      const reach = SEGMENTED.maxGapEm * g.size;
      if (g.x1 < a.x2 - 1 || g.x1 - a.x2 > reach) continue;
      if (a.y1 < g.base - SEGMENTED.dropEm * g.size || a.y1 > g.base + SEGMENTED.riseEm * g.size) continue;
      const b = rules.find(
        (r) => Math.abs(r.y1 - a.y1) < SEGMENTED.rowTolerance && r.x1 >= g.x2 - 1 && r.x1 - g.x2 <= reach,
      );
      if (b) return [b, g.ch];
    }
    return null;
  };
  const used = new Set<Segment>();
  const hints = new Map<Segment, string>();
  const joined: Segment[] = [];
  for (const first of rules) {
    if (used.has(first)) continue;
    const seps: string[] = [];
    let last = first;
    for (let n = next(last); n && !used.has(n[0]); n = next(last)) {
      used.add(n[0]);
      seps.push(n[1]);
      last = n[0];
    }
    if (!seps.length) continue;
    used.add(first);
    const seg = { ...first, x2: last.x2 };
    joined.push(seg);
    const hint = segmentHint(seps);
    if (hint) hints.set(seg, hint);
  }
  return { lines: [...geo.freeLines.filter((s) => !used.has(s)), ...joined], hints };
}

/**
 * Short rules printed right before option words (`___Yes  ___No`, drawn): tick spaces, as `____ Insomnia` is in
 * underscores. Two such pairs on a row, or one opening its row; not when a label follows the rule (`Age:`) or the
 * row ends with a rule (`Age ___ Sex ___`: labels, each before its blank).
 */
function markTickRules(out: Candidate[], lines: TextLine[]): void {
  const rules = out.filter((c) => c.source === 'line' && !c.choice);
  for (const l of lines) {
    const onRow = rules.filter((c) => c.y1 <= l.base + RULE_FIELD.hintSlack && c.y1 >= l.base - 0.6 * l.size);
    const last = Math.max(...l.tokens.map((t) => t.x2));
    if (!onRow.length || onRow.some((c) => c.x2 > last)) continue;
    const pairs = onRow.filter((c) => {
      const w = l.tokens.find((t) => t.x1 >= c.x2 - 1 && t.x1 - c.x2 <= P.blankBeforeGapEm * t.size);
      const item = w?.type === 'text' && !/[:?]\s*$/.test(w.text) && !isUnitWord(w.text);
      return item && boxW(c) <= P.blankBeforeMaxEm * w.size;
    });
    const opens = pairs.length === 1 && !l.tokens.some((t) => t.x2 <= pairs[0].x1);
    if (pairs.length >= 2 || opens) for (const c of pairs) c.choice = true;
  }
}

/** Free ruled lines with an empty band above, not overlapping a text candidate found before. */
function addRuleCandidates(out: Candidate[], lines: TextLine[], geo: Geometry): void {
  const tokens = lines.flatMap((l) => l.tokens);
  const textBoxes = tokens.filter((t) => t.type === 'text' && !isHint(t.text) && !isSegmentText(t.text));
  const inset = RULE_FIELD.textInset;
  const chains = ruleChains(geo, lines);
  for (const s of chains.lines) {
    if (s.width > RULE_FIELD.maxWidth) continue;
    const y1 = s.y1 + s.width / 2;
    const band: Box = { x1: s.x1, x2: s.x2, y1, y2: y1 + RULE_FIELD.bandHeight };
    const inBand = textBoxes.filter(
      (t) =>
        t.x1 < band.x2 - inset &&
        t.x2 > band.x1 + inset &&
        textMiddle(t) > band.y1 &&
        t.base < band.y2 - RULE_FIELD.textTopInset,
    );
    const covered = inBand.reduce((a, t) => a + Math.min(t.x2, band.x2) - Math.max(t.x1, band.x1), 0);
    if (covered > RULE_FIELD.maxCoveredShare * boxW(band) || inBand.some((t) => t.bold)) continue;
    if (out.some((o) => !o.choice && intersects(o, band))) continue;
    const cand = blank(band, RULE_FIELD.confidence, y1 + RULE_FIELD.baseRise);
    const hint = tokens.find(
      (t) =>
        isHint(t.text) &&
        t.x1 >= s.x1 - RULE_FIELD.hintSlack &&
        t.x1 < s.x2 &&
        t.base < y1 + RULE_FIELD.hintMaxRise &&
        t.base > y1 - RULE_FIELD.hintMaxDrop,
    );
    const joined = chains.hints.get(s) ?? hint?.text;
    if (joined) cand.hint = joined;
    out.push(cand);
  }
}
