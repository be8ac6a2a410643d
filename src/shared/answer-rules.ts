/**
 * Answer rules (decisions.md "Answer rules: formats and conditions"): the one implementation used by the server
 * (submit, prefill, edits) and bundled into the fill page. Pure TypeScript: no Node, Nest or DOM imports.
 */
import type { FieldKind } from './field-map';

export const FIELD_FORMATS = ['zip', 'ssn', 'birth_date'] as const;
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/** The field applies only while the choice option (or stand-alone check box) `fieldId` is ticked. */
export interface FieldCondition {
  fieldId: string;
  equals: true;
}

/** What the rules need to know of a field (TemplateField and the page's fields both fit). */
export interface RuleField {
  fieldId: string;
  kind: FieldKind;
  format?: FieldFormat | null;
  condition?: FieldCondition | null;
}

export const RULE_ERRORS = [
  'phone',
  'email',
  'number',
  'date',
  'initials',
  'zip',
  'ssn',
  'birth_date_future',
  'birth_date_too_old',
] as const;
/** Which rule a value breaks: the key of its message. */
export type RuleError = (typeof RULE_ERRORS)[number];

export type RuleLocale = 'en' | 'es';

/** Messages read after the field's label ("ZIP code is not a ZIP code" on the server, alone on the page). */
const MESSAGES: Record<RuleLocale, Record<RuleError, string>> = {
  en: {
    phone: 'is not a phone number (10 digits, or + and 8 to 15 digits)',
    email: 'is not an email address',
    number: 'is not a number',
    date: 'is not a real date',
    initials: 'are not initials (1 to 4 letters)',
    zip: 'is not a ZIP code (5 digits, or 5+4 like 12345-6789)',
    ssn: 'is not a Social Security number (9 digits)',
    birth_date_future: 'is a date of birth in the future',
    birth_date_too_old: 'is a date of birth more than 130 years ago',
  },
  es: {
    phone: 'no es un número de teléfono (10 dígitos, o + y de 8 a 15 dígitos)',
    email: 'no es un correo electrónico',
    number: 'no es un número',
    date: 'no es una fecha válida',
    initials: 'no son iniciales (de 1 a 4 letras)',
    zip: 'no es un código postal (5 dígitos, o 5+4 como 12345-6789)',
    ssn: 'no es un número de Seguro Social (9 dígitos)',
    birth_date_future: 'es una fecha de nacimiento en el futuro',
    birth_date_too_old: 'es una fecha de nacimiento de hace más de 130 años',
  },
};

export function ruleMessage(error: RuleError, locale: RuleLocale = 'en'): string {
  return (MESSAGES[locale] ?? MESSAGES.en)[error];
}

export function isFieldFormat(value: unknown): value is FieldFormat {
  return typeof value === 'string' && (FIELD_FORMATS as readonly string[]).includes(value);
}

/** ZIP and SSN go on text fields; birth_date on date fields. */
export function formatFitsKind(format: FieldFormat, kind: FieldKind): boolean {
  return format === 'birth_date' ? kind === 'date' : kind === 'text';
}

/** Kinds a condition may point at: one option of a choice question, or a stand-alone check box. */
export function isConditionTargetKind(kind: FieldKind): boolean {
  return kind === 'select_one' || kind === 'select_many' || kind === 'checkbox';
}

const PHONE_CHARS = /^\+?[\d\s.\-()]+$/;
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;
const NUMBER = /^[+-]?(\d+([.,]\d+)?|\d{1,3}(,\d{3})+(\.\d+)?|[.,]\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const SSN = /^(\d{9}|\d{3}-\d{2}-\d{4})$/;
const INITIALS = /^\p{L}{1,4}$/u;

/** A real calendar date written YYYY-MM-DD, as [year, month, day]; null when not. */
function calendarDate(value: string): [number, number, number] | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return [y, m, d];
}

function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today as YYYY-MM-DD in the given clock's local calendar (UTC on the server, the patient's on the page). */
export function todayIso(now: Date = new Date(), utc = true): string {
  return utc
    ? isoDay(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate())
    : isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

function kindError(kind: FieldKind, value: string): RuleError | null {
  switch (kind) {
    case 'phone': {
      if (!PHONE_CHARS.test(value)) return 'phone';
      const digits = value.replace(/\D/g, '').length;
      return (value.startsWith('+') ? digits >= 8 && digits <= 15 : digits === 10) ? null : 'phone';
    }
    case 'email':
      return EMAIL.test(value) ? null : 'email';
    case 'number':
      return NUMBER.test(value) ? null : 'number';
    case 'date':
      return calendarDate(value) ? null : 'date';
    case 'initials':
      return INITIALS.test(value.replace(/[.\s]/g, '')) ? null : 'initials';
    default:
      return null;
  }
}

function formatError(format: FieldFormat, value: string, today: string): RuleError | null {
  switch (format) {
    case 'zip':
      return ZIP.test(value) ? null : 'zip';
    case 'ssn':
      return SSN.test(value) ? null : 'ssn';
    case 'birth_date': {
      const date = calendarDate(value);
      if (!date) return 'date';
      if (value > today) return 'birth_date_future';
      const [y, m, d] = today.split('-').map(Number);
      return value < isoDay(y - 130, m, d) ? 'birth_date_too_old' : null;
    }
  }
}

/**
 * Checks a text-like answer against its field's kind and format. Empty answers pass (being required is another
 * rule); surrounding spaces are ignored. `today` is YYYY-MM-DD (see todayIso).
 */
export function answerError(
  field: Pick<RuleField, 'kind' | 'format'>,
  value: string,
  today: string = todayIso(),
): RuleError | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const kindProblem = kindError(field.kind, trimmed);
  if (kindProblem) return kindProblem;
  return field.format && formatFitsKind(field.format, field.kind) ? formatError(field.format, trimmed, today) : null;
}

/**
 * Whether a field applies given the answers: no condition, or its option is ticked and that option is itself
 * active (a follow-up of a hidden follow-up is hidden too). A condition on a missing field never hides.
 */
export function isFieldActive(
  field: RuleField,
  byId: ReadonlyMap<string, RuleField>,
  answers: Readonly<Record<string, unknown>>,
): boolean {
  const seen = new Set<string>();
  let current: RuleField | undefined = field;
  while (current?.condition) {
    if (seen.has(current.fieldId)) return false;
    seen.add(current.fieldId);
    const target = byId.get(current.condition.fieldId);
    if (!target) return true;
    if (answers[target.fieldId] !== true) return false;
    current = target;
  }
  return true;
}

/** The ids of the fields whose condition is false for these answers. */
export function inactiveFieldIds(
  fields: readonly RuleField[],
  answers: Readonly<Record<string, unknown>>,
): Set<string> {
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  return new Set(fields.filter((f) => !isFieldActive(f, byId, answers)).map((f) => f.fieldId));
}

/** The answers without those of inactive fields (they are never stored or rendered). */
export function dropInactiveAnswers<T>(
  fields: readonly RuleField[],
  answers: Readonly<Record<string, T>>,
): Record<string, T> {
  const hidden = inactiveFieldIds(fields, answers);
  return Object.fromEntries(Object.entries(answers).filter(([id]) => !hidden.has(id)));
}

/** Why a field's condition cannot stand (decisions.md's refusals), or null; `order` is the field map's order. */
export function conditionProblem(field: RuleField, fields: readonly RuleField[]): string | null {
  const condition = field.condition;
  if (!condition) return null;
  if (condition.fieldId === field.fieldId) return 'names the field itself';
  const index = fields.findIndex((f) => f.fieldId === condition.fieldId);
  if (index < 0) return `names ${condition.fieldId}, which is not a field of this form`;
  const target = fields[index];
  if (!isConditionTargetKind(target.kind))
    return `names ${condition.fieldId}, a ${target.kind} field: it must be a choice option or check box`;
  const own = fields.findIndex((f) => f.fieldId === field.fieldId);
  if (own >= 0 && index > own) return `names ${condition.fieldId}, which comes later in the field order`;
  return null;
}

/** Why a field's format cannot stand, or null. */
export function formatProblem(field: Pick<RuleField, 'kind' | 'format'>): string | null {
  if (!field.format) return null;
  if (!isFieldFormat(field.format)) return `must be one of ${FIELD_FORMATS.join(', ')}`;
  return formatFitsKind(field.format, field.kind)
    ? null
    : `${field.format} does not fit a ${field.kind} field (${field.format === 'birth_date' ? 'date' : 'text'} only)`;
}
