/**
 * Captions printed UNDER a blank: signature blocks ("Signature of Patient or Guardian" under a rule, "Date"
 * under the next) and lines split into parts by small captions ("LEGAL NAME: ___ ___ __" over
 * "Last  First  M.I."). A line of text counts as captions only when every word on it sits right under a
 * blank of the row above and none of them is the label of a field below it.
 */
import type { Candidate } from './candidate';
import { LAYOUT_PARAMS as P } from './params';
import type { LabelHit } from './labels';
import { cleanLabel, isRequiredText, wordCount, type Token } from './text';

const UNDERLINED = new Set(['underscore', 'dots', 'line']);
const SIGNING_WORD = /\bsign(ature|ed)?\b/i;

/** Thresholds of captions under blanks, besides `LAYOUT_PARAMS` (pt unless noted). */
const CAPTION = {
  /** A caption's top may reach this far over the blank's bottom (the rule's ink). */
  maxRise: 1.5,
  /** A caption starts at most this far left of its blank and at least `minInside` before the blank's end. */
  maxOutdent: 4,
  minInside: 2,
  /**
   * em of the caption: a caption typed with spaces under its rule (`Signature      Date`) may start this far left of
   * it, reaching under it by `minInside`, when the rule has no label beside it and no other blank of the row lies
   * between.
   */
  looseOutdentEm: 2.5,
  /** Characters per word allowed on average (`captionMaxWords` words of at most this many letters). */
  maxCharsPerWord: 8,
  /** Words whose baselines are within this are on one caption line. */
  lineTolerance: 1,
  /** A field whose baseline is within this of the caption line's sits on it (a row of the form). */
  fieldOnLineTolerance: 3,
  /** Each part of a split blank ends this far before the next caption. */
  partGap: 6,
  /** A part starts this far left of its caption. */
  partLead: 1,
  /** A field whose top is at most this far over and `fieldUnderDrop` under a caption word has it as label. */
  fieldUnderRise: 2,
  fieldUnderDrop: 16,
  /**
   * A signing block's caption line (`Patient/Guardian Signature   Date`) may stand this far under its rules: forms
   * leave an empty paragraph between the rule and its caption more often there than anywhere else.
   */
  signingMaxDrop: 14,
  /** words: a signing caption has at most this many. */
  signingMaxWords: 12,
  /** Captioned blanks of one row share their bottom within this and follow each other, touching within `chainTouch`. */
  chainRowTolerance: 2,
  chainTouch: 1,
} as const;

function captionsUnder(labelled: Labelled[], tokens: Token[]): Map<Candidate, Token[]> {
  const texts = labelled.map((x) => x.c);
  // Fields whose label is on their left or inside: a word above them is not their label.
  const labelledBeside = new Set(labelled.filter((x) => ['left', 'inside'].includes(x.hit.where)).map((x) => x.c));
  const claim = new Map<Candidate, Token[]>();
  // A signing caption may run long (`Signature of Patient (or Parent/Guardian if a minor)`).
  const maxWords = (t: Token): number => (SIGNING_WORD.test(t.text) ? CAPTION.signingMaxWords : P.captionMaxWords);
  const signingBases = tokens.filter((t) => SIGNING_WORD.test(t.text)).map((t) => t.base);
  const maxDrop = (t: Token): number =>
    signingBases.some((b) => Math.abs(b - t.base) < CAPTION.lineTolerance) ? CAPTION.signingMaxDrop : P.captionMaxDrop;
  for (const c of texts) {
    // A hinted blank (a segmented date, an e-mail address) is one field: `MM DD YYYY` under it is its hint.
    if (!UNDERLINED.has(c.source) || c.hint) continue;
    const caps = tokens
      .filter(
        (t) =>
          t.y2 <= c.y1 + CAPTION.maxRise &&
          t.y2 >= c.y1 - maxDrop(t) &&
          startsUnder(t, c, texts, labelledBeside.has(c)) &&
          t.x1 <= c.x2 - CAPTION.minInside &&
          t.x2 <= c.x2 + P.captionMaxOverhang &&
          !/:\s*$/.test(t.text) &&
          wordCount(t) <= maxWords(t) &&
          t.text.length <= CAPTION.maxCharsPerWord * maxWords(t),
      )
      .sort((a, b) => a.x1 - b.x1);
    // Several captions under one blank must share a line (they split it); else the first is the caption.
    const line = caps.filter((t) => Math.abs(t.base - caps[0].base) < CAPTION.lineTolerance);
    if (line.length) claim.set(c, line);
  }
  const claimed = new Set([...claim.values()].flat());
  const out = new Map<Candidate, Token[]>();
  for (const [c, caps] of claim) {
    // Every word of the caption line is some blank's caption.
    const line = tokens.filter((o) => Math.abs(o.base - caps[0].base) < CAPTION.lineTolerance);
    if (!line.every((o) => claimed.has(o))) continue;
    // A caption line holds no blanks of its own (that is a row of the form, not captions).
    if (texts.some((f) => Math.abs(f.base - caps[0].base) < CAPTION.fieldOnLineTolerance)) continue;
    // Each part of a split blank must stay wide enough to write in.
    if (captionParts(c, caps, 0).some(([x1, x2]) => x2 - x1 < P.captionPartMinWidth)) continue;
    // A word with a field right under it (one with no label or caption of its own) is that field's label.
    const labelsBelow = texts.some(
      (f) =>
        f !== c &&
        !labelledBeside.has(f) &&
        !claim.has(f) &&
        caps.some(
          (t) =>
            f.y2 <= t.y1 + CAPTION.fieldUnderRise &&
            f.y2 >= t.y1 - CAPTION.fieldUnderDrop &&
            f.x1 < t.x2 &&
            f.x2 > t.x1,
        ),
    );
    if (!labelsBelow) out.set(c, caps);
  }
  return out;
}

/**
 * The caption `t` starts under the blank `c`, or a little before it under no other blank of its row when `c` has no
 * label beside it.
 */
function startsUnder(t: Token, c: Candidate, texts: Candidate[], labelled: boolean): boolean {
  if (t.x1 >= c.x1 - CAPTION.maxOutdent) return true;
  if (labelled) return false;
  if (t.x1 < c.x1 - CAPTION.looseOutdentEm * t.size || t.x2 < c.x1 + CAPTION.minInside) return false;
  return !texts.some((o) => o !== c && Math.abs(o.y1 - c.y1) < CAPTION.chainRowTolerance && o.x2 > t.x1 && o.x1 < c.x1);
}

/** The parts captions split a blank into: each from its caption's start (less `lead`) up to the next caption. */
const captionParts = (c: Candidate, caps: Token[], lead: number): Array<[number, number]> =>
  caps.map((t, i) => [i === 0 ? c.x1 : t.x1 - lead, i + 1 < caps.length ? caps[i + 1].x1 - CAPTION.partGap : c.x2]);

/** `b` follows the blank `a` on its row, close enough to share a label with it. */
const nextOnRow = (a: Candidate, b: Candidate): boolean =>
  Math.abs(a.y1 - b.y1) < CAPTION.chainRowTolerance &&
  b.x1 >= a.x2 - CAPTION.chainTouch &&
  b.x1 - a.x2 < P.captionChainGap;

export interface Labelled {
  c: Candidate;
  /** Shared with the field whose label this one borrowed: the text-field stage edits both at once. */
  hit: LabelHit;
}

export interface CaptionedEntry extends Labelled {
  caption?: Token;
  /** The label on the left of the line the part belongs to ("LEGAL NAME" for Last, First, M.I.). */
  captionPrompt?: string;
  /**
   * The one caption of a blank labelled on its left (`Signature: ____` over `Patient / Policy Holder`): the left
   * label stays the label, the caption qualifies it in the prompt.
   */
  qualifier?: string;
}

/**
 * One entry per field: a blank with several captions under it is split at the captions' starts, and the
 * parts of one split line (or of a row of captioned blanks) share the label printed left of its first part.
 */
export function splitByCaptions(labelled: Labelled[], tokens: Token[]): CaptionedEntry[] {
  const captions = captionsUnder(labelled, tokens);
  const promptOf = new Map<Candidate, string>();
  // A captioned blank with more captioned blanks right after it on its row heads a split line (`LEGAL NAME: ___
  // ___ __` over `Last First M.I.`, drawn as separate rules): its caption labels its part like the others'.
  const chained = (x: { c: Candidate }): boolean =>
    labelled.some((o) => o !== x && captions.has(o.c) && o.hit.where !== 'left' && nextOnRow(x.c, o.c));
  return [...labelled]
    .sort((a, b) => a.c.x1 - b.c.x1)
    .flatMap((x): CaptionedEntry[] => {
      const caps = captions.get(x.c);
      if (!caps) return [x];
      // The line's label on its left, or the prompt of the part before on the row.
      const prev = [...promptOf.keys()].filter((o) => nextOnRow(o, x.c)).sort((a, b) => b.x2 - a.x2)[0];
      const prompt = x.hit.where === 'left' ? cleanLabel(x.hit.raw) : prev && promptOf.get(prev);
      if (prompt !== undefined) promptOf.set(x.c, prompt);
      if (caps.length === 1 && x.hit.where === 'left' && !chained(x))
        return [{ ...x, qualifier: cleanLabel(caps[0].text) }];
      const parts = captionParts(x.c, caps, CAPTION.partLead);
      return caps.map((t, i) => {
        const c: Candidate = caps.length === 1 ? x.c : { ...x.c, x1: parts[i][0], x2: parts[i][1] };
        const hit: LabelHit = { raw: t.text + (isRequiredText(x.hit.raw) ? '*' : ''), token: t, where: 'below' };
        return { c, hit, caption: t, captionPrompt: prompt };
      });
    });
}
