/**
 * Stage 5 of a flat page (see page-fields.ts): the choice fields. Markers grouped into questions (choices.ts),
 * the empty cells of tables headed by answers (cell-grids.ts, the whole interior of the cell: a tick goes anywhere
 * in it) and words to circle (circle-words.ts). Question keys are drawn in that order.
 */
import type { DetectedField } from '../../shared/field-map';
import type { Candidate } from './candidate';
import type { CellGridRow } from './cell-grids';
import { groupChoices, type ChoiceQuestion } from './choices';
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
  const questions: ChoiceQuestion[] = [
    ...groupChoices(choices.markers, tokens, lines, sectionOf, choices.texts, page.vLines),
    ...choices.grids.map(
      (g): ChoiceQuestion => ({
        kind: g.many ? 'select_many' : 'select_one',
        prompt: g.prompt,
        required: false,
        mark: 'check',
        options: g.cells.map((c) => ({
          box: { ...c, y1: c.cell!.y1 + c.x1 - c.cell!.x1, y2: c.cell!.y2 - c.x1 + c.cell!.x1 },
          label: c.columnHeader!,
          confidence: c.confidence,
        })),
      }),
    ),
    ...choices.circled.map((q): ChoiceQuestion => {
      const prompt = cleanLabel(q.promptRaw);
      const confidence = prompt ? P.circleWordConfidence : P.circleWordConfidence * P.unlabelledConfidence;
      return {
        kind: q.many ? 'select_many' : 'select_one',
        prompt,
        required: isRequiredText(q.promptRaw),
        mark: 'circle',
        options: q.options.map((o) => ({ ...o, confidence })),
      };
    }),
  ];
  return questions.flatMap((q) => {
    // Statements to initial are text fields, one each, prompted by their statement.
    const initials = q.kind === 'initials';
    const key = q.kind === 'checkbox' || initials ? null : nextKey();
    return q.options.map((o) => ({
      kind: q.kind,
      page: page.index + 1,
      rect: userRect(page, q.mark === 'circle' || initials ? o.box : tickTarget(o.box)),
      label: initials ? 'Initials' : o.label,
      prompt: initials ? o.label : q.prompt,
      choiceLabel: key === null ? null : o.label,
      questionKey: key,
      required: q.required,
      confidence: o.confidence,
      ...(initials ? {} : { mark: q.mark, ...(o.borrowed ? { labelFromAfar: true } : {}) }),
    }));
  });
}

/** pt: a box to tick is this large at least: the field of a smaller drawn mark (a 6 pt circle) is centred on it. */
const MIN_TICK_TARGET = 7;

function tickTarget(b: Box & Pick<Candidate, 'widget'>): Box {
  // A fillable PDF's widget keeps its own box.
  if (b.widget !== undefined) return b;
  const pad = (lo: number, hi: number): number => Math.max(0, (MIN_TICK_TARGET - (hi - lo)) / 2);
  const [px, py] = [pad(b.x1, b.x2), pad(b.y1, b.y2)];
  return { x1: b.x1 - px, y1: b.y1 - py, x2: b.x2 + px, y2: b.y2 + py };
}
