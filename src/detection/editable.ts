/**
 * The field map detection hands out must save unchanged through PUT /templates/{id}/fields (the editor sends
 * it back as it is): every select option has its option text and a question of its kind with, for pick-one, at
 * least two options; every rect is a real box on its page; every text fits the edit limits. Detection's last
 * word: what its stages leave unsure is repaired here (review reasons already name it), never left for the save.
 */
import { FIELD_TEXT_LIMITS, MAX_FIELDS_PER_VERSION } from 'src/shared/constants';
import { isChoiceKind, type DetectedField, type Rect } from '../shared/field-map';
import { groupBy } from './reading-order';

/** pt: the smallest side a repaired rect keeps (the wire rounds to 0.01 pt; x1 < x2 must survive that). */
const MIN_SIDE_PT = 1;

const isQuestionKind = (f: DetectedField): boolean => f.kind === 'select_one' || f.kind === 'select_many';

/** Lone UTF-16 surrogates (a broken ToUnicode map) are refused by PUT fields: each becomes U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** At most `max` UTF-16 units, well formed (a cut never splits a surrogate pair). */
function cut(text: string, max: number): string {
  const s = text.replace(LONE_SURROGATE, '\uFFFD');
  if (s.length <= max) return s;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(s[end - 1])) end -= 1;
  return `${s.slice(0, end).trimEnd()}…`;
}

/** `pageBoxes[n - 1]`: page n's visible box in PDF user space. Returns review reasons for what was repaired. */
export function keepEditable(
  fields: DetectedField[],
  pageBoxes: Rect[],
): { fields: DetectedField[]; reasons: string[] } {
  const reasons: string[] = [];
  const kept = fields.slice(0, MAX_FIELDS_PER_VERSION);
  if (fields.length > kept.length)
    reasons.push(
      `Only the first ${MAX_FIELDS_PER_VERSION} of ${fields.length} fields were kept (the most one version holds): check the last pages`,
    );
  for (const f of kept) {
    f.label = cut(f.label, FIELD_TEXT_LIMITS.label);
    f.prompt = cut(f.prompt, FIELD_TEXT_LIMITS.prompt);
    if (f.section !== undefined) f.section = cut(f.section, FIELD_TEXT_LIMITS.section);
    if (f.choiceLabel !== null) f.choiceLabel = cut(f.choiceLabel, FIELD_TEXT_LIMITS.choiceLabel);
    const box = pageBoxes[f.page - 1];
    if (box) f.rect = clampRect(f.rect, box);
  }
  settleQuestions(kept);
  return { fields: kept, reasons };
}

/** The rect ordered, inside the page box and at least MIN_SIDE_PT on each side. */
export function clampRect(rect: Rect, box: Rect): Rect {
  const side = (a: number, b: number, lo: number, hi: number): [number, number] => {
    const [x1, x2] = [Math.max(lo, Math.min(a, b)), Math.min(hi, Math.max(a, b))];
    if (x2 - x1 >= MIN_SIDE_PT) return [x1, x2];
    const mid = Math.min(Math.max((x1 + x2) / 2, lo + MIN_SIDE_PT / 2), hi - MIN_SIDE_PT / 2);
    return [mid - MIN_SIDE_PT / 2, mid + MIN_SIDE_PT / 2];
  };
  const [x1, x2] = side(rect[0], rect[2], box[0], box[2]);
  const [y1, y2] = side(rect[1], rect[3], box[1], box[3]);
  return [x1, y1, x2, y2];
}

/**
 * Options grouped by question key: one kind per question (the most common), pick-one with at least two
 * options, each with option text; anything else stands alone (a check box, or a field of its own kind).
 */
function settleQuestions(fields: DetectedField[]): void {
  for (const f of fields) {
    if (isQuestionKind(f) && f.questionKey !== null) continue;
    if (isQuestionKind(f)) f.kind = 'checkbox';
    if (!isChoiceKind(f.kind)) f.choiceLabel = null;
    f.questionKey = null;
  }
  // Only the options of a question still have a key.
  for (const options of groupBy(fields, (f) => f.questionKey).values()) {
    const many = options.filter((o) => o.kind === 'select_many').length;
    const kind = many * 2 >= options.length ? 'select_many' : 'select_one';
    for (const o of options) o.kind = kind;
    if (kind === 'select_one' && options.length < 2) {
      Object.assign(options[0], { kind: 'checkbox', questionKey: null });
      continue;
    }
    options.forEach((o, i) => {
      if (o.choiceLabel?.trim()) return;
      // review.ts has already flagged it ("no printed option text"): staff name it in the editor.
      o.choiceLabel = `Option ${i + 1}`;
      if (!o.label.trim()) o.label = o.choiceLabel;
    });
  }
}
