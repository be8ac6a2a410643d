/**
 * Field candidates on one page: blanks (underscores, dots), free ruled lines, empty boxes and cells,
 * and choice markers (drawn squares, circles, box glyphs, bracket pairs). Text-drawn candidates are in
 * `text-candidates.ts`, combs and cells in `cell-candidates.ts`, blanks without a box in `blanks.ts`.
 */
import { findBlanks } from './blanks';
import { isHint, TEXT_MIDDLE_EM } from './box-text';
import { addCellCandidates, combCandidate, combGroups } from './cell-candidates';
import type { Candidate } from './candidate';
import type { Geometry } from './geometry';
import { DRAWN_FIELD_TEXT_SIZE } from './params';
import type { TextLine } from './text';
import { textCandidates } from './text-candidates';
import { boxW, boxH, type Box } from './types';

export { isHint } from './box-text';

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

export function findCandidates(lines: TextLine[], geo: Geometry, pageHeight = 0): Candidate[] {
  // 1. Text-drawn blanks and markers.
  const out: Candidate[] = textCandidates(lines);
  // 2. Comb rows: touching empty boxes of one size are one field (one per group between dashes/labels).
  const combs = combGroups([...geo.cells, ...geo.squares], lines);
  const inComb = new Set(combs.flat());
  for (const g of combs) out.push(combCandidate(g));
  // 3. Drawn squares and circles.
  const taken = (b: Box): boolean =>
    out.some((o) => o.choice && o.x1 < b.x2 && o.x2 > b.x1 && o.y1 < b.y2 && o.y2 > b.y1);
  for (const s of geo.squares) {
    if (taken(s) || inComb.has(s)) continue;
    out.push({
      x1: s.x1,
      y1: s.y1,
      x2: s.x2,
      y2: s.y2,
      source: 'square',
      choice: true,
      base: s.y1,
      size: boxH(s),
      confidence: MARKER.squareConfidence,
    });
  }
  for (const c of geo.circles) {
    if (taken(c)) continue;
    out.push({ ...c, source: 'circle', choice: true, base: c.y1, size: boxH(c), confidence: MARKER.circleConfidence });
  }
  // 4. Empty boxes and cells.
  addCellCandidates(out, lines, geo, inComb);
  // 5. Free ruled lines with an empty band above.
  addRuleCandidates(out, lines, geo);
  // 6. Blanks without a box: dash-split numbers, label followed by empty space.
  const { add, drop } = findBlanks(lines, geo, out, pageHeight);
  return [...out.filter((c) => !drop.has(c)), ...add];
}

/** Free ruled lines with an empty band above, not overlapping a text candidate found before. */
function addRuleCandidates(out: Candidate[], lines: TextLine[], geo: Geometry): void {
  const textBoxes = lines.flatMap((l) => l.tokens.filter((t) => t.type === 'text' && !isHint(t.text)));
  const inset = RULE_FIELD.textInset;
  for (const s of geo.freeLines) {
    if (s.width > RULE_FIELD.maxWidth) continue;
    const y1 = s.y1 + s.width / 2;
    const band: Box = { x1: s.x1, x2: s.x2, y1, y2: y1 + RULE_FIELD.bandHeight };
    const inBand = textBoxes.filter(
      (t) =>
        t.x1 < band.x2 - inset &&
        t.x2 > band.x1 + inset &&
        t.base + TEXT_MIDDLE_EM * t.size > band.y1 &&
        t.base < band.y2 - RULE_FIELD.textTopInset,
    );
    const covered = inBand.reduce((a, t) => a + Math.min(t.x2, band.x2) - Math.max(t.x1, band.x1), 0);
    if (covered > RULE_FIELD.maxCoveredShare * boxW(band) || inBand.some((t) => t.bold)) continue;
    if (out.some((o) => !o.choice && o.x1 < band.x2 && o.x2 > band.x1 && o.y1 < band.y2 && o.y2 > band.y1)) continue;
    const base = y1 + RULE_FIELD.baseRise;
    const size = DRAWN_FIELD_TEXT_SIZE;
    const cand: Candidate = { ...band, source: 'line', choice: false, base, size, confidence: RULE_FIELD.confidence };
    const hint = lines
      .flatMap((l) => l.tokens)
      .find(
        (t) =>
          isHint(t.text) &&
          t.x1 >= s.x1 - RULE_FIELD.hintSlack &&
          t.x1 < s.x2 &&
          t.base < y1 + RULE_FIELD.hintMaxRise &&
          t.base > y1 - RULE_FIELD.hintMaxDrop,
      );
    if (hint) cand.hint = hint.text;
    out.push(cand);
  }
}
