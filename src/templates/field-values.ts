import type { FieldKind } from '../shared/field-map';

import { MAX_TEXT_ANSWER_LENGTH } from 'src/shared/constants';

export { MAX_TEXT_ANSWER_LENGTH };

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set(['select_one', 'select_many', 'checkbox']);

export function isChoiceKind(kind: FieldKind): boolean {
  return CHOICE_KINDS.has(kind);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1;
}

/**
 * Checks a value against its field's kind (decisions.md: text-like kinds a string, date "YYYY-MM-DD",
 * choices and checkbox a boolean). Returns what is wrong, or null. `allowEmpty` lets an unanswered
 * text or date field be "".
 */
export function valueProblem(kind: FieldKind, value: unknown, allowEmpty: boolean): string | null {
  if (kind === 'signature') return 'a signature is drawn on the form, not sent as a value';
  if (isChoiceKind(kind)) return typeof value === 'boolean' ? null : `must be a boolean (${kind})`;
  if (typeof value !== 'string') return `must be a string (${kind})`;
  if (value === '') return allowEmpty ? null : 'must not be empty';
  if (value.length > MAX_TEXT_ANSWER_LENGTH) return `must be at most ${MAX_TEXT_ANSWER_LENGTH} characters`;
  if (kind === 'date' && !isIsoDate(value)) return 'must be a date written YYYY-MM-DD';
  return null;
}
