// What the page sends: FillSubmission (src/fill-page/fill-form.model.ts).
//   answers:    text-like and date fields -> string ("" when empty, never omitted);
//               lone check boxes and select_many check boxes -> true/false, always;
//               select_one questions -> every option true/false once one is chosen, omitted while unanswered.
//   signatures: drawn pad -> PNG data URL; empty pad + typed name -> the name drawn as a PNG; neither -> omitted.
import type { FillSubmission } from '../../../src/fill-page/fill-form.model';
import { all } from './dom';
import { signatureValue, type Signatures } from './signatures';

export type Answers = FillSubmission['answers'];

export function collectAnswers(form: HTMLFormElement): Answers {
  const answers: Answers = {};
  const answeredRadioGroups = new Set<string>();
  const inputs = all<HTMLInputElement>(form, 'input[data-field-id]');
  for (const input of inputs) if (input.type === 'radio' && input.checked) answeredRadioGroups.add(input.name);
  for (const input of inputs) {
    const id = input.getAttribute('data-field-id') ?? '';
    if (input.type === 'radio') {
      if (answeredRadioGroups.has(input.name)) answers[id] = input.checked;
    } else if (input.type === 'checkbox') {
      answers[id] = input.checked;
    } else {
      answers[id] = input.value.trim();
    }
  }
  for (const select of all<HTMLSelectElement>(form, 'select[data-question-id]')) {
    if (select.value === '') continue; // unanswered question: omitted
    for (const option of all<HTMLOptionElement>(select, 'option[data-field-id]'))
      answers[option.getAttribute('data-field-id') ?? ''] = option.selected;
  }
  return answers;
}

export function collect(form: HTMLFormElement, signatures: Signatures): FillSubmission {
  const out: FillSubmission = { answers: collectAnswers(form), signatures: {} };
  for (const entry of signatures.pads) {
    const value = signatureValue(entry);
    if (value) out.signatures[entry.fieldId] = value;
  }
  return out;
}
