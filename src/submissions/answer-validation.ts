import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import type { PrefillValue } from 'src/fill-links/entities/fill-link.entity';
import type { FieldError } from 'src/fill-page/fill-form.model';
import { isChoiceKind, valueProblem } from 'src/templates/field-values';
import { answerError, inactiveFieldIds, ruleMessage, todayIso, type RuleError } from 'src/shared/answer-rules';
import type { TemplateField } from 'src/templates/template-field';
import type { Answers } from './entities/submission.entity';

export const MAX_SIGNATURE_BYTES = 1024 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;

export interface CheckedSubmission {
  /** Every non-signature field, typed per kind; locked prefill values re-asserted. */
  answers: Answers;
  signatures: Record<string, Buffer>;
}

const ruleProblem = (error: RuleError | null) => (error ? ruleMessage(error, 'en') : null);

/** A signature's PNG bytes, or what is wrong with it (drafts check their signatures with it too). */
export function decodeSignature(value: unknown): Buffer | string {
  if (typeof value !== 'string') return 'must be a PNG data URL';
  const match = PNG_DATA_URL.exec(value);
  if (!match) return 'must be a PNG data URL (data:image/png;base64,...)';
  if ((match[1].length / 4) * 3 > MAX_SIGNATURE_BYTES + 3) return 'image is larger than 1 MB';
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length >= MAX_SIGNATURE_BYTES) return 'image is larger than 1 MB';
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'is not a PNG image';
  return bytes;
}

/**
 * Validates a fill-page submission against the version's fields, on the server, whatever the page checked:
 * known fields, types, required answers, one choice per select_one question, signature images.
 * Throws 400 VALIDATION_FAILED with `fields: [{field_id, error}]` for the page to show beside each field.
 */
export function checkSubmission(
  fields: TemplateField[],
  prefill: PrefillValue[],
  given: { answers: Record<string, unknown>; signatures: Record<string, unknown> },
  today: string = todayIso(),
): CheckedSubmission {
  const errors: FieldError[] = [];
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const locked = new Map(prefill.filter((p) => p.locked).map((p) => [p.field_id, p.value]));
  for (const id of Object.keys(given.answers)) {
    const field = byId.get(id);
    if (!field) errors.push({ field_id: id, error: 'is not a field of this form' });
    else if (field.kind === 'signature')
      errors.push({ field_id: id, error: 'is signed on the pad, not sent as an answer' });
  }
  const answerOf = (field: TemplateField) =>
    locked.has(field.fieldId) ? locked.get(field.fieldId) : given.answers[field.fieldId];
  // Fields whose condition is false: their answers (and signatures) are dropped, never checked or required.
  const hidden = inactiveFieldIds(fields, Object.fromEntries(fields.map((f) => [f.fieldId, answerOf(f)])));
  const answers: Answers = {};
  const questions = new Map<string, TemplateField[]>();
  for (const field of fields) {
    if (field.kind === 'signature' || hidden.has(field.fieldId)) continue;
    const value = answerOf(field) ?? (isChoiceKind(field.kind) ? false : '');
    const problem =
      valueProblem(field.kind, value, true) ??
      (typeof value === 'string' ? ruleProblem(answerError(field, value, today)) : null);
    if (problem) {
      errors.push({ field_id: field.fieldId, error: problem });
      continue;
    }
    answers[field.fieldId] = value as string | boolean;
    if (field.kind === 'select_one' || field.kind === 'select_many') {
      const options = questions.get(field.questionId);
      if (options) options.push(field);
      else questions.set(field.questionId, [field]);
    } else if (field.required && (value === '' || value === false)) {
      errors.push({ field_id: field.fieldId, error: field.kind === 'checkbox' ? 'must be checked' : 'is required' });
    }
  }
  for (const options of questions.values()) {
    const chosen = options.filter((o) => answers[o.fieldId] === true).length;
    if (options[0].kind === 'select_one' && chosen > 1) {
      errors.push({ field_id: options[0].fieldId, error: 'takes one choice only' });
    }
    if (options.some((o) => o.required) && chosen === 0) {
      errors.push({ field_id: options[0].fieldId, error: 'needs a choice' });
    }
  }
  const signatures: Record<string, Buffer> = {};
  for (const [id, value] of Object.entries(given.signatures)) {
    if (hidden.has(id)) continue;
    if (byId.get(id)?.kind !== 'signature') {
      errors.push({ field_id: id, error: 'is not a signature field of this form' });
      continue;
    }
    const decoded = decodeSignature(value);
    if (typeof decoded === 'string') errors.push({ field_id: id, error: `signature ${decoded}` });
    else signatures[id] = decoded;
  }
  for (const field of fields) {
    if (
      field.kind === 'signature' &&
      field.required &&
      !hidden.has(field.fieldId) &&
      !signatures[field.fieldId] &&
      !given.signatures[field.fieldId]
    ) {
      errors.push({ field_id: field.fieldId, error: 'needs a signature' });
    }
  }
  if (errors.length) {
    const label = (e: FieldError) => byId.get(e.field_id)?.label || byId.get(e.field_id)?.prompt || e.field_id;
    throw new AppException(
      ErrorCode.ValidationFailed,
      `${errors.length} answer(s) need attention: ${errors.map((e) => `${label(e)} ${e.error}`).join('; ')}`,
      { fields: errors },
    );
  }
  return { answers, signatures };
}
