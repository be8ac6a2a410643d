// The side panel: edits the one selected field. Typing in a box is one undo step per focus.
import { demoteLoneOptions, leaveQuestion } from './actions';
import { conditionText, type ConditionPicker } from './conditions';
import { isChoiceKind, isOption, type Store } from './store';
import type { Field, FieldKind } from './types';
import type { FieldFormat } from '../../../src/shared/answer-rules';

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found as T;
}

const TEXT_PROPS = ['label', 'prompt', 'choice_label', 'section'] as const;
type TextProp = (typeof TEXT_PROPS)[number];

/** Formats and the kinds they fit (src/shared/answer-rules.ts formatFitsKind). */
const FORMAT_KINDS: Record<FieldFormat, FieldKind> = { zip: 'text', ssn: 'text', birth_date: 'date' };
const isFormat = (value: string): value is FieldFormat => Object.hasOwn(FORMAT_KINDS, value);

export function bindInspector(store: Store, picker: ConditionPicker): void {
  const form = el<HTMLFormElement>('inspector');
  const empty = el('inspector-empty');
  const multi = el('inspector-multi');
  const texts: Record<TextProp, HTMLInputElement> = {
    label: el('prop-label'),
    prompt: el('prop-prompt'),
    choice_label: el('prop-choice-label'),
    section: el('prop-section'),
  };
  const kind = el<HTMLSelectElement>('prop-kind');
  const required = el<HTMLInputElement>('prop-required');
  const mark = el<HTMLSelectElement>('prop-mark');
  const format = el<HTMLSelectElement>('prop-format');
  let checkpointTaken = false;
  form.addEventListener('focusin', () => (checkpointTaken = false));
  form.addEventListener('submit', (e) => e.preventDefault());

  function current(): Field | null {
    const [field] = store.selectedFields();
    return store.state.selected.size === 1 ? (field ?? null) : null;
  }

  function edit(apply: (target: Field, fields: Field[]) => void): void {
    const field = current();
    if (!field) return;
    store.change(
      (fields) => {
        const target = fields.find((f) => f.key === field.key);
        if (target) apply(target, fields);
      },
      { checkpoint: !checkpointTaken },
    );
    checkpointTaken = true;
  }

  for (const name of TEXT_PROPS) {
    texts[name].addEventListener('input', () =>
      edit((f, fields) => {
        f[name] = texts[name].value;
        // The prompt is the question's: every option of the question shows the same one.
        if (name === 'prompt' && isOption(f))
          for (const o of fields) if (o.question_id === f.question_id) o.prompt = f.prompt;
      }),
    );
  }
  required.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f) => (f.required = required.checked));
  });
  mark.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f) => (f.mark = mark.value === 'circle' ? 'circle' : 'check'));
  });
  format.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f) => (f.format = isFormat(format.value) ? format.value : null));
  });
  el('condition-pick').addEventListener('click', () => {
    const field = current();
    if (field) picker.start(field.key);
  });
  el('condition-clear').addEventListener('click', () => {
    checkpointTaken = false;
    edit((f) => (f.condition = null));
  });
  kind.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f, fields) => {
      const wasOption = isOption(f);
      f.kind = kind.value as FieldKind;
      // A field that becomes an option joins no question yet (grouping does that); one that stops being one leaves.
      const nowOption = f.kind === 'select_one' || f.kind === 'select_many';
      if (!nowOption) leaveQuestion(f, fields);
      else if (!wasOption) f.question_id = null;
      // The options of one question share one kind: choose one / choose any switches the whole question.
      if (isOption(f)) for (const o of fields) if (o.question_id === f.question_id) o.kind = f.kind;
      if (isChoiceKind(f.kind)) {
        f.choice_label = (f.choice_label || f.label || 'Yes').trim();
        f.mark = f.mark ?? 'check';
      } else {
        f.choice_label = null;
        delete f.mark;
      }
      // A format that no longer fits the kind goes (the server would refuse it).
      if (f.format && FORMAT_KINDS[f.format] !== f.kind) f.format = null;
      demoteLoneOptions(fields);
    });
  });

  function show(): void {
    const field = current();
    const count = store.state.selected.size;
    form.hidden = !field;
    empty.hidden = count > 0;
    multi.hidden = count < 2;
    if (count >= 2)
      multi.textContent = `${count} fields selected. Group them into one question, split them, or delete them.`;
    if (!field) return;
    for (const name of TEXT_PROPS) {
      if (document.activeElement !== texts[name]) texts[name].value = field[name] ?? '';
    }
    kind.value = field.kind;
    required.checked = !!field.required;
    mark.value = field.mark ?? 'check';
    const choice = isChoiceKind(field.kind);
    el('choice-props').hidden = !choice;
    el('mark-prop').hidden = !choice;
    el('format-prop').hidden = field.kind !== 'text' && field.kind !== 'date';
    for (const option of Array.from(format.options))
      option.disabled = isFormat(option.value) && FORMAT_KINDS[option.value] !== field.kind;
    format.value = field.format ?? '';
    el('condition-text').textContent = conditionText(field, store.state.fields);
    el<HTMLButtonElement>('condition-clear').disabled = !field.condition;
    const options = isOption(field) ? store.state.fields.filter((f) => f.question_id === field.question_id).length : 0;
    const confidence =
      typeof field.confidence === 'number' ? `Confidence ${Math.round(field.confidence * 100)}%. ` : '';
    el('prop-info').textContent =
      `Page ${field.page}. ${confidence}${options ? `One of ${options} options of a question. ` : ''}` +
      `${field.field_id ? `Id ${field.field_id}.` : 'New field (id given on save).'}`;
  }
  store.subscribe(show);
  show();
}
