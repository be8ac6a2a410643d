// The page's own checks before a step is left or the form sent: required questions, and answers the browser
// already knows are malformed. The server checks everything again.
import type { PageError } from './errors';
import type { PageRules } from './rules';
import { signatureValue, type Signatures } from './signatures';
import { pageStrings } from './strings';

const CHOICE_KINDS = new Set(['select_one', 'select_many', 'checkbox']);

/** The kind or format problem of a text-like answer (checked as the patient leaves the field), or null. */
export function ruleProblem(input: HTMLInputElement, rules: PageRules): string | null {
  const wrapper = input.closest('[data-field-wrapper]');
  const S = pageStrings();
  if (input.type === 'date' && input.validity.badInput) return S.badDate;
  return rules.problem(
    input.getAttribute('data-field-id') ?? '',
    input.value,
    wrapper?.getAttribute('data-label') ?? '',
    S.ruleProblem,
  );
}

/** The problem with one question, or null. A hidden question (its condition is false) has none. */
export function checkQuestion(wrapper: HTMLElement, signatures: Signatures, rules: PageRules): string | null {
  if (wrapper.hidden) return null;
  const S = pageStrings();
  const kind = wrapper.getAttribute('data-kind') ?? '';
  const required = wrapper.getAttribute('data-required') === 'true';
  const missingMessage = wrapper.getAttribute('data-required-message') || S.answerThis;
  if (kind === 'signature') {
    const entry = signatures.of(wrapper);
    return required && entry && !signatureValue(entry) ? missingMessage : null;
  }
  if (CHOICE_KINDS.has(kind)) {
    const select = wrapper.querySelector('select');
    const answered = select ? select.value !== '' : !!wrapper.querySelector('input:checked');
    return required && !answered ? missingMessage : null;
  }
  const input = wrapper.querySelector<HTMLInputElement>('input[data-field-id]');
  if (!input) return null;
  if (input.validity.badInput) return S.badDate;
  const value = input.value.trim();
  if (value === '') return required ? missingMessage : null;
  if (input.type === 'email' && input.validity.typeMismatch) return S.badEmail;
  return ruleProblem(input, rules);
}

/** Checks the given questions (those of a step, or the whole form), in page order. */
export function validate(wrappers: HTMLElement[], signatures: Signatures, rules: PageRules): PageError[] {
  const errors: PageError[] = [];
  for (const wrapper of wrappers) {
    const error = checkQuestion(wrapper, signatures, rules);
    if (error) errors.push({ wrapper, error });
  }
  return errors;
}

/** Whether the patient has answered a question (the progress bar's count). */
export function isAnswered(wrapper: HTMLElement, signatures: Signatures): boolean {
  const kind = wrapper.getAttribute('data-kind') ?? '';
  if (kind === 'signature') {
    const entry = signatures.of(wrapper);
    return !!(entry && signatureValue(entry));
  }
  const select = wrapper.querySelector('select');
  if (select) return select.value !== '';
  if (CHOICE_KINDS.has(kind)) return !!wrapper.querySelector('input:checked');
  const input = wrapper.querySelector<HTMLInputElement>('input[data-field-id]');
  return !!input && input.value.trim() !== '';
}
