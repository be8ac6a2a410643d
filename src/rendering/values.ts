import type { DatePart, FieldKind } from '../shared/field-map';

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['select_one', 'select_many', 'checkbox']);
const TRUE_WORDS = new Set(['true', 'yes', 'on', 'x', '1', 'checked']);

export function isChoiceKind(kind: FieldKind): boolean {
  return CHOICE_KINDS.has(kind);
}

/** A choice answer: booleans as given; the strings "true"/"yes"/"on"/"x"/"1" are accepted leniently. */
export function isTicked(answer: string | boolean | undefined): boolean {
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'string') return TRUE_WORDS.has(answer.trim().toLowerCase());
  return false;
}

/** Explicitly answered "no" (as opposed to unanswered). */
export function isExplicitlyUnticked(answer: string | boolean | undefined): boolean {
  return answer !== undefined && !isTicked(answer);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;
const US_ORDER: DatePart[] = ['month', 'day', 'year'];

/** The parts of an ISO date, or null when the value is not one. */
export function dateParts(value: string): Record<DatePart, string> | null {
  const m = ISO_DATE.exec(value.trim());
  return m ? { year: m[1], month: m[2], day: m[3] } : null;
}

/**
 * Dates are printed in the order the form prints its hint ("DD/MM/YYYY"), else US-style, MM/DD/YYYY: the
 * forms this serves are mostly US forms. A value that is not an ISO date is printed as given.
 */
export function formatDate(value: string, order: DatePart[] = US_ORDER): string {
  const parts = dateParts(value);
  if (!parts) return value.trim();
  return order.map((p) => parts[p]).join('/');
}

/** Newlines kept (multi-line boxes), other control characters become spaces. */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
}

/** The text to print for a text-like field, or null when there is nothing to print. */
export function displayText(
  kind: FieldKind,
  answer: string | boolean | undefined,
  dateOrder?: DatePart[],
): string | null {
  if (typeof answer !== 'string') return null;
  const text = cleanText(kind === 'date' ? formatDate(answer, dateOrder) : answer);
  return text.trim() === '' ? null : text;
}

/**
 * Fits a value into a fixed number of character cells (comb fields, maxLength): when it is too long,
 * drop separators first ("123-45-6789" into 9 cells, "04/05/2024" into 8), then cut.
 */
export function fitToLength(text: string, cells: number): string {
  const chars = Array.from(text);
  if (chars.length <= cells) return text;
  const compact = Array.from(text.replace(/[\s\-/.()]/g, ''));
  if (compact.length <= cells) return compact.join('');
  return chars.slice(0, cells).join('');
}
