import type { FieldKind } from '../../shared/field-map';
import type { FillFormField } from '../fill-form.model';
import type { PageStrings } from '../i18n/strings';

/** One question on the page: a single control, or a group of choice fields sharing a question_id. */
export type FormItem =
  | { type: 'single'; field: FillFormField }
  | { type: 'choice'; kind: 'select_one' | 'select_many'; questionId: string; fields: FillFormField[] };

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['select_one', 'select_many', 'checkbox']);

/**
 * Groups the model's fields into questions, in model order (a question sits where its first field is).
 * Choice fields sharing a question_id form one question; a choice field alone (no question_id, or the only
 * field of its question) is shown as a single check box, since a lone radio button could never be unset.
 */
export function groupQuestions(fields: readonly FillFormField[]): FormItem[] {
  const items: FormItem[] = [];
  const byQuestion = new Map<string, Extract<FormItem, { type: 'choice' }>>();
  for (const field of fields) {
    if (CHOICE_KINDS.has(field.kind) && field.question_id != null) {
      const existing = byQuestion.get(field.question_id);
      if (existing) {
        existing.fields.push(field);
        continue;
      }
      const item: FormItem = {
        type: 'choice',
        kind: field.kind === 'select_one' ? 'select_one' : 'select_many',
        questionId: field.question_id,
        fields: [field],
      };
      byQuestion.set(field.question_id, item);
      items.push(item);
    } else {
      items.push({ type: 'single', field });
    }
  }
  return items.map((item) =>
    item.type === 'choice' && item.fields.length === 1 ? { type: 'single', field: item.fields[0] } : item,
  );
}

export function itemPage(item: FormItem): number {
  return item.type === 'single' ? item.field.page : item.fields[0].page;
}

export function itemSection(item: FormItem): string {
  const f = item.type === 'single' ? item.field : item.fields[0];
  return (f.section ?? '').replace(/\s+/g, ' ').trim();
}

/** Label text with PDF leftovers trimmed ("Name:", "DOB *"), or a neutral fallback when the PDF gave none. */
export function cleanLabel(fallback: string, ...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const text = (candidate ?? '').replace(/\s+/g, ' ').trim();
    if (text !== '') return text;
  }
  return fallback;
}

/** Characters trimmed from the end of a label in messages ("Name:", "DOB *", "Signature ..."). */
const TRAILING = /[\s:*.]/;

/**
 * `text` without its trailing run of `TRAILING` characters, looking at each character once from the end. The regex
 * `/[\s:*.]+$/` did the same in quadratic time: it retries at every start of a long run that is not at the end
 * (40 000 colons before one letter: 5.6 s per page view). `inspect` counts the characters looked at (specs).
 */
export function trimTrailing(text: string, inspect: (ch: string) => void = () => undefined): string {
  let end = text.length;
  while (end > 0) {
    const ch = text[end - 1];
    inspect(ch);
    if (!TRAILING.test(ch)) break;
    end--;
  }
  return text.slice(0, end);
}

/** Short form of a label for error messages: no trailing colon/asterisk, at most 80 characters. */
function messageLabel(label: string): string {
  const trimmed = trimTrailing(label) || label;
  return trimmed.length > 80 ? `${trimmed.slice(0, 79).trimEnd()}…` : trimmed;
}

/** The question's name in messages ("ZIP code" in "ZIP code is not a ZIP code"). */
export function itemMessageLabel(item: FormItem, s: PageStrings): string {
  const f = item.type === 'choice' ? item.fields[0] : item.field;
  return item.type === 'choice'
    ? messageLabel(cleanLabel(s.untitled, f.prompt, f.label))
    : messageLabel(cleanLabel(s.untitled, f.label, f.prompt));
}

/** The field ids of a question (one, or every option). */
export function itemFieldIds(item: FormItem): string[] {
  return item.type === 'choice' ? item.fields.map((f) => f.field_id) : [item.field.field_id];
}

export function requiredMessage(item: FormItem, s: PageStrings): string {
  if (item.type === 'choice') {
    const label = messageLabel(cleanLabel(s.untitled, item.fields[0].prompt, item.fields[0].label));
    return item.kind === 'select_one' ? s.msgChoose(label) : s.msgTickOne(label);
  }
  const f = item.field;
  const label = messageLabel(cleanLabel(s.untitled, f.label, f.prompt));
  switch (f.kind) {
    case 'signature':
      return s.msgSign(label);
    case 'checkbox':
    case 'select_one':
    case 'select_many':
      return s.msgTick(label);
    case 'date':
      return s.msgDate(label);
    default:
      return s.msgAnswer(label);
  }
}
