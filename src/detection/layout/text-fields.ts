/**
 * Stages 2-4 of a flat page (see page-fields.ts), the text fields:
 *
 *   pickTexts   which text candidates are fields: a candidate a marker covers is the marker's (a box drawn around
 *               it), one over a word to circle is that word's, two that overlap are one field (the surer is kept);
 *               empty cells of a table headed by answers are tick boxes (cell-grids.ts)
 *   labelTexts  each field's label (labels.ts), then the labels a field borrows: a continuation line of a
 *               multi-line answer takes the label of the line above, an empty row of a ruled table the column
 *               caption printed over its first row
 *   textFields  the fields, with captions printed under blanks in place of their labels (captions.ts), page-wide
 *               separator rules dropped, and prompts of table cells joined with their row header
 */
import type { DetectedField } from '../../shared/field-map';
import { textKind } from '../kinds';
import type { Candidate } from './candidate';
import { splitByCaptions, type Labelled } from './captions';
import { cellGridRows, type CellGridRow } from './cell-grids';
import type { CircleQuestion } from './circle-words';
import { findLabel, rowHeader } from './labels';
import { userRect, type PageRead } from './page-read';
import { LAYOUT_PARAMS as P } from './params';
import { cleanLabel, isRequiredText, type Token } from './text';
import { intersects, iou, type Box } from './types';

/** Thresholds of the page's text fields (pt unless noted). */
const TEXT_FIELDS = {
  /** IoU: a text candidate overlapping a marker more than this is the marker's. */
  markerOverlap: 0.2,
  /** IoU: two text candidates overlapping more than this are one field. */
  duplicateOverlap: 0.3,
  /** A circled word overlaps a text candidate when it reaches more than this into its band. */
  circledInset: 2,
  /** pt: dots ending at most `leaderGap` before an answer (or reaching `leaderOverlap` into it) lead to it. */
  leaderGap: 8,
  leaderOverlap: 3,
  /** A continuation line of a multi-line answer is at most this far under the line above... */
  continuationMaxPitch: 40,
  /** ... and ends within this of it (edges of table rows and columns align within this too). */
  alignTolerance: 3,
  /** A label above may sit this far into the line above (one baseline, a rounding). */
  continuationSlack: 1,
  /** Share of the page height: a full-width rule this near the top or bottom rules off a header or footer. */
  runningMarginShare: 0.1,
  /** A box taller than this takes several lines of writing. */
  multilineMinHeight: 30,
} as const;

export function pickTexts(
  all: Candidate[],
  circled: CircleQuestion[],
  tokens: Token[],
): { texts: Candidate[]; grids: CellGridRow[] } {
  const markers = all.filter((c) => c.choice);
  const circledBoxes = circled.flatMap((q) => q.options.map((o) => o.box));
  const inset = TEXT_FIELDS.circledInset;
  const texts: Candidate[] = [];
  for (const c of all.filter((x) => !x.choice).sort((a, b) => b.confidence - a.confidence)) {
    if (markers.some((m) => iou(m, c) > TEXT_FIELDS.markerOverlap)) continue;
    if (circledBoxes.some((b) => b.x1 < c.x2 && b.x2 > c.x1 && b.y1 < c.y2 - inset && b.y2 > c.y1 + inset)) continue;
    // Dots leading from a question to its answers (`Do you smoke? ........ Yes  No`) are no blank.
    if (c.source === 'dots' && [...circledBoxes, ...markers].some((b) => leadsTo(c, b))) continue;
    if (texts.some((t) => iou(t, c) > TEXT_FIELDS.duplicateOverlap)) continue;
    texts.push(c);
  }
  const grids = cellGridRows(texts, tokens);
  const inGrid = new Set(grids.flatMap((g) => g.cells));
  return { texts: texts.filter((c) => !inGrid.has(c)), grids };
}

/** The blank `c` ends right before the answer `b` on its row. */
const leadsTo = (c: Candidate, b: Box): boolean =>
  b.x1 >= c.x2 - TEXT_FIELDS.leaderOverlap && b.x1 - c.x2 < TEXT_FIELDS.leaderGap && b.y1 < c.y2 && b.y2 > c.y1;

export function labelTexts(texts: Candidate[], markers: Candidate[], tokens: Token[]): Labelled[] {
  const fields = [...texts, ...markers];
  const labelled = texts.map((c) => ({ c, hit: findLabel(c, tokens, fields) }));
  continueLabels(labelled);
  repeatColumnCaptions(labelled);
  return labelled;
}

/** `o` is a field drawn like `x` at most `pitch` over it, ending where it ends: the row above in a stack. */
const rowAbove = (o: Labelled, x: Labelled, pitch: number): boolean =>
  o !== x &&
  o.c.source === x.c.source &&
  o.c.y1 > x.c.y1 &&
  o.c.y1 - x.c.y1 < pitch &&
  Math.abs(o.c.x2 - x.c.x2) < TEXT_FIELDS.alignTolerance;

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
      .filter((o) => rowAbove(o, x, TEXT_FIELDS.continuationMaxPitch) && ['left', 'above'].includes(o.hit.where))
      .sort((a, b) => a.c.y1 - b.c.y1)[0];
    const slack = TEXT_FIELDS.continuationSlack;
    if (prev && (x.hit.where !== 'above' || (x.hit.token && prev.hit.token && x.hit.token.y1 >= prev.c.y1 - slack)))
      x.hit = prev.hit;
    else if (borrowed) x.hit = { raw: '', token: null, where: 'none' };
  }
}

/** Empty rows of a ruled table repeat the column caption printed over its first row (top to bottom). */
function repeatColumnCaptions(labelled: Labelled[]): void {
  const align = TEXT_FIELDS.alignTolerance;
  for (const x of [...labelled].sort((a, b) => b.c.y1 - a.c.y1)) {
    if (x.hit.where !== 'none' || x.c.source !== 'line') continue;
    const up = labelled.find(
      (o) => rowAbove(o, x, P.tableRowMaxPitch) && Math.abs(o.c.x1 - x.c.x1) < align && o.hit.where === 'above',
    );
    if (up) x.hit = { ...up.hit, where: 'above' };
  }
}

export function textFields({ page, tokens }: PageRead, labelled: Labelled[]): DetectedField[] {
  const fields: DetectedField[] = [];
  for (const { c, hit, caption, captionPrompt, qualifier } of splitByCaptions(labelled, tokens)) {
    // A rule across the whole page separates sections or table rows, unless it has a label on its left, or an
    // empty band under a caption or a label above it (not a heading).
    if (
      c.source === 'line' &&
      c.x2 - c.x1 >= P.separatorPageShare * page.width &&
      hit.where !== 'left' &&
      c.widget === undefined
    ) {
      const empty = !tokens.some((t) => intersects(t, c));
      const margin = TEXT_FIELDS.runningMarginShare * page.height;
      const running = c.y1 < margin || c.y1 > page.height - margin;
      if (!empty || running || !(caption || (hit.where === 'above' && !hit.token?.bold))) continue;
    }
    if (c.columnHeader && hit.where !== 'inside') {
      hit.raw = c.columnHeader;
      hit.where = 'column';
    }
    const label = cleanLabel(hit.raw);
    let prompt = qualifier ? `${label}: ${qualifier}` : captionPrompt || label;
    if (hit.where === 'column') {
      const rh = rowHeader(c, tokens);
      if (rh) prompt = `${cleanLabel(rh.text)}: ${label}`;
    }
    fields.push({
      kind: textKind(label, c.hint ?? ''),
      page: page.index + 1,
      rect: userRect(page, c),
      label,
      prompt: label ? prompt : '',
      choiceLabel: null,
      questionKey: null,
      required: isRequiredText(hit.raw),
      confidence: label ? c.confidence : c.confidence * P.unlabelledConfidence,
      ...(c.source === 'box' && c.y2 - c.y1 > TEXT_FIELDS.multilineMinHeight ? { multiline: true } : {}),
      ...(c.combCells ? { combCells: c.combCells, maxLength: c.combCells } : {}),
    });
  }
  return fields;
}
