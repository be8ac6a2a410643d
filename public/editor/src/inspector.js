// The side panel: edits the one selected field. Typing in a box is one undo step per focus.
import { demoteLoneOptions } from './actions.js';
import { isChoiceKind } from './store.js';

const $ = (id) => document.getElementById(id);

export function bindInspector(store) {
  const form = $('inspector');
  const empty = $('inspector-empty');
  const multi = $('inspector-multi');
  const inputs = {
    kind: $('prop-kind'),
    label: $('prop-label'),
    prompt: $('prop-prompt'),
    choice_label: $('prop-choice-label'),
    required: $('prop-required'),
    section: $('prop-section'),
    mark: $('prop-mark'),
  };
  let checkpointTaken = false;
  form.addEventListener('focusin', () => (checkpointTaken = false));
  form.addEventListener('submit', (e) => e.preventDefault());

  function current() {
    const [field] = store.selectedFields();
    return store.state.selected.size === 1 ? field : null;
  }

  function edit(apply) {
    const field = current();
    if (!field) return;
    store.change(
      (fields) => {
        const target = fields.find((f) => f.key === field.key);
        apply(target, fields);
      },
      { checkpoint: !checkpointTaken },
    );
    checkpointTaken = true;
  }

  for (const name of ['label', 'prompt', 'choice_label', 'section']) {
    inputs[name].addEventListener('input', () =>
      edit((f, fields) => {
        f[name] = inputs[name].value;
        // The prompt is the question's: every option of the question shows the same one.
        if (name === 'prompt' && f.question_id)
          for (const o of fields) if (o.question_id === f.question_id) o.prompt = f.prompt;
      }),
    );
  }
  inputs.required.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f) => (f.required = inputs.required.checked));
  });
  inputs.mark.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f) => (f.mark = inputs.mark.value));
  });
  inputs.kind.addEventListener('change', () => {
    checkpointTaken = false;
    edit((f, fields) => {
      f.kind = inputs.kind.value;
      if (f.kind === 'checkbox') f.question_id = null;
      // The options of one question share one kind: choose one / choose any switches the whole question.
      if (f.question_id && (f.kind === 'select_one' || f.kind === 'select_many'))
        for (const o of fields) if (o.question_id === f.question_id) o.kind = f.kind;
      if (isChoiceKind(f.kind)) {
        f.choice_label = (f.choice_label || f.label || 'Yes').trim();
        f.mark = f.mark ?? 'check';
      } else {
        f.choice_label = null;
        f.question_id = null;
        delete f.mark;
      }
      demoteLoneOptions(fields);
    });
  });

  function show() {
    const field = current();
    const count = store.state.selected.size;
    form.hidden = !field;
    empty.hidden = count > 0;
    multi.hidden = count < 2;
    if (count >= 2)
      multi.textContent = `${count} fields selected. Group them into one question, split them, or delete them.`;
    if (!field) return;
    for (const name of ['label', 'prompt', 'choice_label', 'section']) {
      if (document.activeElement !== inputs[name]) inputs[name].value = field[name] ?? '';
    }
    inputs.kind.value = field.kind;
    inputs.required.checked = !!field.required;
    inputs.mark.value = field.mark ?? 'check';
    const choice = isChoiceKind(field.kind);
    $('choice-props').hidden = !choice;
    $('mark-prop').hidden = !choice;
    const options = field.question_id
      ? store.state.fields.filter((f) => f.question_id === field.question_id).length
      : 0;
    const confidence =
      typeof field.confidence === 'number' ? `Confidence ${Math.round(field.confidence * 100)}%. ` : '';
    $('prop-info').textContent =
      `Page ${field.page}. ${confidence}${options ? `One of ${options} options of a question. ` : ''}` +
      `${field.field_id ? `Id ${field.field_id}.` : 'New field (id given on save).'}`;
  }
  store.subscribe(show);
  show();
}
