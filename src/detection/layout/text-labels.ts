/**
 * Stage 3 of a flat page (see page-fields.ts): each text field's label (labels.ts), then the labels a field
 * borrows: a continuation line of a multi-line answer takes the label of the line above, an empty row of a ruled
 * table the column caption printed over its first row.
 */
import type { Candidate } from './candidate';
import { findLabel, type LabelHit } from './labels';
import { LAYOUT_PARAMS as P } from './params';
import type { Token } from './text';

/** Where continuation lines and table rows are (pt). */
const BORROW = {
  /** A continuation line of a multi-line answer is at most this far under the line above... */
  continuationMaxPitch: 40,
  /** ... and ends within this of it (edges of table rows and columns align within this too). */
  alignTolerance: 3,
  /** A label above may sit this far into the line above (one baseline, a rounding). */
  continuationSlack: 1,
} as const;

export interface Labelled {
  c: Candidate;
  /** Shared with the field whose label this one borrowed: the text-field stage edits both at once. */
  hit: LabelHit;
}

export function labelTexts(texts: Candidate[], markers: Candidate[], tokens: Token[]): Labelled[] {
  const fields = [...texts, ...markers];
  const labelled = texts.map((c) => ({ c, hit: findLabel(c, tokens, fields) }));
  continueLabels(labelled);
  repeatColumnCaptions(labelled);
  return labelled;
}

/**
 * Continuation lines of a multi-line answer repeat the label of the line above (top to bottom, so a stack of
 * lines under one label shares it). A caption under the last line that is the next line's label is not its own.
 */
function continueLabels(labelled: Labelled[]): void {
  const labelsAbove = new Set(labelled.filter((o) => o.hit.where === 'above').map((o) => o.hit.token));
  for (const x of [...labelled].sort((a, b) => b.c.y1 - a.c.y1)) {
    const borrowed = x.hit.where === 'below' && labelsAbove.has(x.hit.token);
    if (x.hit.where !== 'none' && x.hit.where !== 'above' && !borrowed) continue;
    const prev = labelled
      .filter(
        (o) =>
          o !== x &&
          o.c.source === x.c.source &&
          o.c.y1 > x.c.y1 &&
          o.c.y1 - x.c.y1 < BORROW.continuationMaxPitch &&
          Math.abs(o.c.x2 - x.c.x2) < BORROW.alignTolerance &&
          (o.hit.where === 'left' || o.hit.where === 'above'),
      )
      .sort((a, b) => a.c.y1 - b.c.y1)[0];
    const slack = BORROW.continuationSlack;
    if (prev && (x.hit.where !== 'above' || (x.hit.token && prev.hit.token && x.hit.token.y1 >= prev.c.y1 - slack)))
      x.hit = prev.hit;
    else if (borrowed) x.hit = { raw: '', token: null, where: 'none' };
  }
}

/** Empty rows of a ruled table repeat the column caption printed over its first row (top to bottom). */
function repeatColumnCaptions(labelled: Labelled[]): void {
  const align = BORROW.alignTolerance;
  for (const x of [...labelled].sort((a, b) => b.c.y1 - a.c.y1)) {
    if (x.hit.where !== 'none' || x.c.source !== 'line') continue;
    const up = labelled.find(
      (o) =>
        o !== x &&
        o.c.source === 'line' &&
        o.c.y1 > x.c.y1 &&
        o.c.y1 - x.c.y1 < P.tableRowMaxPitch &&
        Math.abs(o.c.x1 - x.c.x1) < align &&
        Math.abs(o.c.x2 - x.c.x2) < align &&
        o.hit.where === 'above',
    );
    if (up) x.hit = { ...up.hit, where: 'above' };
  }
}
