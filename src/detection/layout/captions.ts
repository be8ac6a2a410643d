/**
 * Captions printed UNDER a blank: signature blocks ("Signature of Patient or Guardian" under a rule, "Date"
 * under the next) and lines split into parts by small captions ("LEGAL NAME: ___ ___ __" over
 * "Last  First  M.I."). A line of text counts as captions only when every word on it sits right under a
 * blank of the row above and none of them is the label of a field below it.
 */
import type { Candidate } from './candidates';
import { LAYOUT_PARAMS as P } from './params';
import type { LabelHit } from './labels';
import { cleanLabel, type Token } from './text';

const UNDERLINED = new Set(['underscore', 'dots', 'line']);

/** `labelledBeside`: fields whose label is on their left or inside (a word above them is not their label). */
export function captionsUnder(
  texts: Candidate[],
  tokens: Token[],
  labelledBeside: Set<Candidate>,
): Map<Candidate, Token[]> {
  const claim = new Map<Candidate, Token[]>();
  for (const c of texts) {
    if (!UNDERLINED.has(c.source)) continue;
    const caps = tokens
      .filter(
        (t) =>
          t.y2 <= c.y1 + 1.5 &&
          t.y2 >= c.y1 - P.captionMaxDrop &&
          t.x1 >= c.x1 - 4 &&
          t.x1 <= c.x2 - 2 &&
          t.x2 <= c.x2 + P.captionMaxOverhang &&
          !/:\s*$/.test(t.text) &&
          t.text.trim().split(/\s+/).length <= P.captionMaxWords &&
          t.text.length <= 6 * P.captionMaxWords,
      )
      .sort((a, b) => a.x1 - b.x1);
    // Several captions under one blank must share a line (they split it); else the first is the caption.
    const first = caps[0];
    if (first)
      claim.set(
        c,
        caps.filter((t) => Math.abs(t.base - first.base) < 1),
      );
  }
  const claimed = new Set([...claim.values()].flat());
  const out = new Map<Candidate, Token[]>();
  for (const [c, caps] of claim) {
    // Every word of the caption line is some blank's caption.
    const line = tokens.filter((o) => Math.abs(o.base - caps[0].base) < 1);
    if (!line.every((o) => claimed.has(o))) continue;
    // A caption line holds no blanks of its own (that is a row of the form, not captions).
    if (texts.some((f) => Math.abs(f.base - caps[0].base) < 3)) continue;
    // Each part of a split blank must stay wide enough to write in.
    const starts = caps.map((t, i) => (i === 0 ? c.x1 : t.x1));
    const ends = caps.map((t, i) => (i + 1 < caps.length ? caps[i + 1].x1 - 6 : c.x2));
    if (starts.some((x, i) => ends[i] - x < P.captionPartMinWidth)) continue;
    // A word with a field right under it (one with no label of its own) is that field's label.
    const labelsBelow = texts.some(
      (f) =>
        f !== c &&
        !labelledBeside.has(f) &&
        caps.some((t) => f.y2 <= t.y1 + 2 && f.y2 >= t.y1 - 16 && f.x1 < t.x2 && f.x2 > t.x1),
    );
    if (!labelsBelow) out.set(c, caps);
  }
  return out;
}

export interface CaptionedEntry {
  c: Candidate;
  hit: LabelHit;
  caption?: Token;
  /** The label on the left of the line the part belongs to ("LEGAL NAME" for Last, First, M.I.). */
  captionPrompt?: string;
}

/**
 * One entry per field: a blank with several captions under it is split at the captions' starts, and the
 * parts of one split line (or of a row of captioned blanks) share the label printed left of its first part.
 */
export function splitByCaptions(
  labelled: Array<{ c: Candidate; hit: LabelHit }>,
  captions: Map<Candidate, Token[]>,
): CaptionedEntry[] {
  const out: CaptionedEntry[] = [];
  const promptOf = new Map<Candidate, string>();
  for (const x of [...labelled].sort((a, b) => a.c.x1 - b.c.x1)) {
    const caps = captions.get(x.c);
    if (!caps) {
      out.push(x);
      continue;
    }
    let prompt: string | undefined;
    if (x.hit.where === 'left') prompt = cleanLabel(x.hit.raw);
    else {
      const prev = [...promptOf.keys()]
        .filter((o) => Math.abs(o.y1 - x.c.y1) < 2 && o.x2 <= x.c.x1 + 1 && x.c.x1 - o.x2 < P.captionChainGap)
        .sort((a, b) => b.x2 - a.x2)[0];
      prompt = prev ? promptOf.get(prev) : undefined;
    }
    if (prompt !== undefined) promptOf.set(x.c, prompt);
    caps.forEach((t, i) => {
      const c: Candidate =
        caps.length === 1
          ? x.c
          : { ...x.c, x1: i === 0 ? x.c.x1 : t.x1 - 1, x2: i + 1 < caps.length ? caps[i + 1].x1 - 6 : x.c.x2 };
      out.push({ c, hit: { ...x.hit }, caption: t, captionPrompt: prompt });
    });
  }
  return out;
}
