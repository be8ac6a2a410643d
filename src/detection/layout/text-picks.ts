/**
 * Stage 2 of a flat page (see page-fields.ts): which of the page's text candidates are fields. A candidate a
 * marker covers is the marker's (a box drawn around it), one over a word to circle is that word's, two that
 * overlap are one field (the surer is kept), and empty cells of a table headed by answers are tick boxes
 * (cell-grids.ts).
 */
import type { Candidate } from './candidate';
import { cellGridRows, type CellGridRow } from './cell-grids';
import type { CircleQuestion } from './circle-words';
import type { Token } from './text';
import { iou } from './types';

const PICK = {
  /** IoU: a text candidate overlapping a marker more than this is the marker's. */
  markerOverlap: 0.2,
  /** IoU: two text candidates overlapping more than this are one field. */
  duplicateOverlap: 0.3,
  /** pt: a circled word overlaps a text candidate when it reaches more than this into its band. */
  circledInset: 2,
} as const;

export function pickTexts(
  all: Candidate[],
  circled: CircleQuestion[],
  tokens: Token[],
): { texts: Candidate[]; grids: CellGridRow[] } {
  const markers = all.filter((c) => c.choice);
  const circledBoxes = circled.flatMap((q) => q.options.map((o) => o.box));
  const inset = PICK.circledInset;
  const texts: Candidate[] = [];
  for (const c of all.filter((x) => !x.choice).sort((a, b) => b.confidence - a.confidence)) {
    if (markers.some((m) => iou(m, c) > PICK.markerOverlap)) continue;
    if (circledBoxes.some((b) => b.x1 < c.x2 && b.x2 > c.x1 && b.y1 < c.y2 - inset && b.y2 > c.y1 + inset)) continue;
    if (texts.some((t) => iou(t, c) > PICK.duplicateOverlap)) continue;
    texts.push(c);
  }
  const grids = cellGridRows(texts, tokens);
  const inGrid = new Set(grids.flatMap((g) => g.cells));
  return { texts: texts.filter((c) => !inGrid.has(c)), grids };
}
