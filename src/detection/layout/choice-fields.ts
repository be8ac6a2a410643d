/**
 * Stage 5 of a flat page (see page-fields.ts): the choice fields. Markers grouped into questions (choices.ts),
 * the empty cells of tables headed by answers (cell-grids.ts, the whole interior of the cell: a tick goes anywhere
 * in it) and words to circle (circle-words.ts). Question keys are drawn in that order.
 */
import type { DetectedField } from '../field-map';
import type { Candidate } from './candidate';
import type { CellGridRow } from './cell-grids';
import { groupChoices } from './choices';
import type { CircleQuestion } from './circle-words';
import { userRect, type PageRead } from './page-read';
import { LAYOUT_PARAMS as P } from './params';
import { cleanLabel, isRequiredText } from './text';
import type { Box } from './types';

export interface PageChoices {
  markers: Candidate[];
  /** The page's text fields: a blank between a prompt and a marker ends the prompt. */
  texts: Candidate[];
  grids: CellGridRow[];
  circled: CircleQuestion[];
}

export function choiceFields(read: PageRead, choices: PageChoices, nextKey: () => string): DetectedField[] {
  const { page, tokens, lines, sectionStart } = read;
  const sectionOf = (y: number): string => String(sectionStart(y) === Infinity ? 'top' : sectionStart(y));
  const at = (box: Box): Pick<DetectedField, 'page' | 'rect'> => ({ page: page.index + 1, rect: userRect(page, box) });
  const fields: DetectedField[] = [];
  for (const ch of groupChoices(choices.markers, tokens, lines, nextKey, sectionOf, choices.texts)) {
    fields.push({
      kind: ch.kind,
      ...at(ch.cand),
      label: ch.label,
      prompt: ch.prompt,
      choiceLabel: ch.kind === 'checkbox' ? null : ch.label,
      questionKey: ch.questionKey,
      required: isRequiredText(ch.promptRaw),
      confidence: ch.label ? ch.cand.confidence : ch.cand.confidence * P.unlabelledConfidence,
      mark: 'check',
      ...(ch.borrowed ? { labelFromAfar: true } : {}),
    });
  }
  for (const g of choices.grids) {
    const key = nextKey();
    for (const c of g.cells)
      fields.push({
        kind: g.many ? 'select_many' : 'select_one',
        ...at({ ...c, y1: c.cell!.y1 + c.x1 - c.cell!.x1, y2: c.cell!.y2 - c.x1 + c.cell!.x1 }),
        label: c.columnHeader!,
        prompt: g.prompt,
        choiceLabel: c.columnHeader!,
        questionKey: key,
        required: false,
        confidence: c.confidence,
        mark: 'check',
      });
  }
  for (const q of choices.circled) {
    const prompt = cleanLabel(q.promptRaw);
    const kind = q.many ? 'select_many' : 'select_one';
    const key = nextKey();
    for (const o of q.options)
      fields.push({
        kind,
        ...at(o.box),
        label: o.label,
        prompt,
        choiceLabel: o.label,
        questionKey: key,
        required: isRequiredText(q.promptRaw),
        confidence: prompt ? P.circleWordConfidence : P.circleWordConfidence * P.unlabelledConfidence,
        mark: 'circle',
      });
  }
  return fields;
}
