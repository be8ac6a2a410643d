/**
 * The table of answer-rule cases that both the server's spec and the fill page's spec run, so the page and the
 * server cannot drift apart. `today` of every case is TODAY.
 */
import type { FieldKind } from './field-map';
import type { FieldFormat, RuleError } from './answer-rules';

export const TODAY = '2026-11-26';

export interface AnswerCase {
  kind: FieldKind;
  format?: FieldFormat;
  value: string;
  error: RuleError | null;
}

const ok = (kind: FieldKind, value: string, format?: FieldFormat): AnswerCase => ({ kind, format, value, error: null });
const bad = (kind: FieldKind, value: string, error: RuleError, format?: FieldFormat): AnswerCase => ({
  kind,
  format,
  value,
  error,
});

export const ANSWER_CASES: AnswerCase[] = [
  ok('text', 'anything at all'),
  ok('text', ''),
  ok('phone', ''),
  ok('phone', '5551234567'),
  ok('phone', '(555) 123-4567'),
  ok('phone', '555.123.4567'),
  ok('phone', ' 555 123 4567 '),
  ok('phone', '+34 612 345 678'),
  ok('phone', '+12345678'),
  ok('phone', '+123456789012345'),
  bad('phone', '555-1234', 'phone'),
  bad('phone', '1-555-123-4567', 'phone'),
  bad('phone', '+1234567', 'phone'),
  bad('phone', '+1234567890123456', 'phone'),
  bad('phone', '555 123 456x', 'phone'),
  bad('phone', '555+1234567', 'phone'),
  ok('email', 'ana@example.org'),
  ok('email', 'a.b+c@mail.example.co.uk'),
  bad('email', 'ana.example.org', 'email'),
  bad('email', 'ana@example', 'email'),
  bad('email', 'ana@@example.org', 'email'),
  bad('email', 'a@b@example.org', 'email'),
  bad('email', 'ana @example.org', 'email'),
  bad('email', 'ana@example.', 'email'),
  ok('number', '42'),
  ok('number', '-3.5'),
  ok('number', '3,5'),
  ok('number', '1,250.75'),
  bad('number', 'forty', 'number'),
  bad('number', '12abc', 'number'),
  bad('number', '1.2.3', 'number'),
  ok('date', '2024-02-29'),
  bad('date', '2023-02-29', 'date'),
  bad('date', '2024-13-01', 'date'),
  bad('date', '02/03/2024', 'date'),
  ok('initials', 'JD'),
  ok('initials', 'J.D.'),
  ok('initials', 'ÁMG'),
  ok('initials', 'abcd'),
  bad('initials', 'ABCDE', 'initials'),
  bad('initials', 'J1', 'initials'),
  ok('text', '75201', 'zip'),
  ok('text', '75201-1234', 'zip'),
  ok('text', '', 'zip'),
  bad('text', '7520', 'zip', 'zip'),
  bad('text', '752011234', 'zip', 'zip'),
  bad('text', '75201-12', 'zip', 'zip'),
  bad('text', 'ABCDE', 'zip', 'zip'),
  ok('text', '123456789', 'ssn'),
  ok('text', '123-45-6789', 'ssn'),
  bad('text', '12345678', 'ssn', 'ssn'),
  bad('text', '123-456-789', 'ssn', 'ssn'),
  bad('text', '123 45 6789', 'ssn', 'ssn'),
  ok('date', '1990-05-17', 'birth_date'),
  ok('date', TODAY, 'birth_date'),
  ok('date', '1896-11-26', 'birth_date'),
  bad('date', '2026-11-27', 'birth_date_future', 'birth_date'),
  bad('date', '2031-01-01', 'birth_date_future', 'birth_date'),
  bad('date', '1896-11-25', 'birth_date_too_old', 'birth_date'),
  bad('date', '1990-02-30', 'date', 'birth_date'),
];

/** Conditions: which fields are active for the answers (a chain: q2 hangs on q1's Yes, q3 on q2's Other). */
export const CONDITION_FIELDS = [
  { fieldId: 'yes', kind: 'select_one' as const, condition: null },
  { fieldId: 'no', kind: 'select_one' as const, condition: null },
  { fieldId: 'explain', kind: 'text' as const, condition: { fieldId: 'yes', equals: true as const } },
  { fieldId: 'other', kind: 'select_many' as const, condition: { fieldId: 'yes', equals: true as const } },
  { fieldId: 'other_text', kind: 'text' as const, condition: { fieldId: 'other', equals: true as const } },
  { fieldId: 'free', kind: 'text' as const, condition: null },
];

export const CONDITION_CASES: { answers: Record<string, unknown>; inactive: string[] }[] = [
  { answers: {}, inactive: ['explain', 'other', 'other_text'] },
  { answers: { yes: false, no: true, explain: 'n/a' }, inactive: ['explain', 'other', 'other_text'] },
  { answers: { yes: true }, inactive: ['other_text'] },
  { answers: { yes: true, other: true }, inactive: [] },
  { answers: { yes: false, other: true }, inactive: ['explain', 'other', 'other_text'] },
  { answers: { yes: 'true', other: true }, inactive: ['explain', 'other', 'other_text'] },
];
