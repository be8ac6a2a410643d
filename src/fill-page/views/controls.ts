import type { FieldKind } from '../../shared/field-map';
import type { PageStrings } from '../i18n/strings';
import { html, type SafeHtml } from 'src/common/html/html';
import { cleanLabel, itemMessageLabel, requiredMessage, type FormItem } from './questions';

/** A select_one question with more choices than this is a drop-down instead of radio buttons. */
export const MAX_RADIO_CHOICES = 6;

export class Ids {
  private n = 0;
  next(prefix: string): string {
    this.n += 1;
    return `${prefix}-${this.n}`;
  }
}

function labelContent(s: PageStrings, text: string, required: boolean, locked: boolean): SafeHtml {
  return html`<span class="label-text">${text}</span>${required
      ? html` <span class="req">${s.required}</span>`
      : ''}${locked ? html` <span class="locked-note">${s.lockedNote}</span>` : ''}`;
}

function errorSlot(id: string): SafeHtml {
  return html`<p class="field-error" id="${id}-error" hidden></p>`;
}

/**
 * The question's wrapper. `hidden`: its condition is false for the values the page starts with (the script shows
 * it when its option is ticked). `data-label` names the question in the script's format messages.
 */
function wrapperAttrs(s: PageStrings, item: FormItem, kind: string, required: boolean, hidden: boolean): SafeHtml {
  return html`class="field field--${kind}" data-field-wrapper data-label="${itemMessageLabel(item, s)}"
  data-kind="${kind}"${required
    ? html` data-required="true" data-required-message="${requiredMessage(item, s)}"`
    : ''}${hidden ? html` hidden` : ''}`;
}

const INPUT_TYPES: Partial<Record<FieldKind, { type: string; extra: SafeHtml | '' }>> = {
  text: { type: 'text', extra: '' },
  email: { type: 'email', extra: html` autocomplete="email" spellcheck="false" autocapitalize="off"` },
  phone: { type: 'tel', extra: html` autocomplete="tel"` },
  number: { type: 'text', extra: html` inputmode="numeric"` },
  initials: { type: 'text', extra: html` autocapitalize="characters" autocomplete="off" spellcheck="false"` },
  date: { type: 'date', extra: '' },
};

function renderTextField(item: FormItem & { type: 'single' }, ids: Ids, s: PageStrings, hidden: boolean): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  const spec = INPUT_TYPES[f.kind] ?? INPUT_TYPES.text!;
  const value = typeof f.value === 'string' ? f.value : '';
  const label = labelContent(s, cleanLabel(s.untitled, f.label, f.prompt), f.required, f.locked);
  return html`<div ${wrapperAttrs(s, item, f.kind, f.required, hidden)}${f.locked ? html` data-locked="true"` : ''}>
    <label class="label" for="${id}">${label}</label>
    ${f.kind === 'date' ? html`<p class="hint" id="${id}-hint">${s.dateHint}</p>` : ''} ${errorSlot(id)}
    <input
      class="input"
      id="${id}"
      type="${spec.type}"
      ${f.kind === 'date' ? html` aria-describedby="${id}-hint"` : ''}
      data-field-id="${f.field_id}"
      data-kind="${f.kind}"
      ${f.format ? html` data-format="${f.format}"` : ''}
      value="${value}"
      ${spec.extra}${f.required ? html` required aria-required="true"` : ''}${f.locked ? html` readonly` : ''}
    />
  </div>`;
}

function renderLoneCheckbox(item: FormItem & { type: 'single' }, ids: Ids, s: PageStrings, hidden: boolean): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  return html`<div ${wrapperAttrs(s, item, 'checkbox', f.required, hidden)}${f.locked ? html` data-locked="true"` : ''}>
    ${errorSlot(id)}
    <div class="choice">
      <input
        class="choice-input"
        id="${id}"
        type="checkbox"
        data-field-id="${f.field_id}"
        data-kind="checkbox"
        ${f.value === true ? html` checked` : ''}${f.required ? html` required aria-required="true"` : ''}${f.locked
          ? html` aria-readonly="true" data-locked="true"`
          : ''}
      />
      <label class="choice-label" for="${id}"
        >${labelContent(s, cleanLabel(s.untitled, f.label, f.prompt), f.required, f.locked)}</label
      >
    </div>
  </div>`;
}

function renderSignature(item: FormItem & { type: 'single' }, ids: Ids, s: PageStrings, hidden: boolean): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  const label = cleanLabel(s.untitled, f.label, f.prompt);
  return html`<div ${wrapperAttrs(s, item, 'signature', f.required, hidden)}>
    <fieldset class="group signature" aria-describedby="${id}-hint">
      <legend class="legend" id="${id}-legend">${labelContent(s, label, f.required, false)}</legend>
      <p class="hint" id="${id}-hint">${s.signHint}</p>
      ${errorSlot(id)}
      <div class="signature-pad">
        <div class="signature-frame">
          <canvas
            class="signature-canvas"
            id="${id}"
            data-field-id="${f.field_id}"
            data-kind="signature"
            role="img"
            aria-labelledby="${id}-legend"
            aria-describedby="${id}-hint"
            ${f.required ? html` data-required="true"` : ''}
          ></canvas>
        </div>
        <button type="button" class="button button--secondary signature-clear" data-clear-for="${id}">
          ${s.clear}<span class="visually-hidden">${s.clearSuffix}</span>
        </button>
      </div>
      <label class="label label--small" for="${id}-typed">${s.typeToSign}</label>
      <p class="hint" id="${id}-typed-hint">${s.typeToSignHint}</p>
      <input
        class="input"
        id="${id}-typed"
        type="text"
        data-signature-for="${f.field_id}"
        autocomplete="name"
        aria-describedby="${id}-typed-hint"
      />
    </fieldset>
  </div>`;
}

function renderChoiceQuestion(
  item: FormItem & { type: 'choice' },
  ids: Ids,
  s: PageStrings,
  hidden: boolean,
): SafeHtml {
  const first = item.fields[0];
  const prompt = cleanLabel(s.untitled, first.prompt, first.label);
  const required = item.fields.some((f) => f.required);
  const single = item.kind === 'select_one';
  // A radio group or drop-down can only be locked as a whole; check boxes are locked one by one.
  const groupLocked = single && item.fields.some((f) => f.locked);
  const allLocked = item.fields.every((f) => f.locked);
  const gid = ids.next('q');

  if (single && item.fields.length > MAX_RADIO_CHOICES) {
    const id = ids.next('fld');
    return html`<div
      ${wrapperAttrs(s, item, 'select_one', required, hidden)}${groupLocked ? html` data-locked="true"` : ''}
    >
      <label class="label" for="${id}">${labelContent(s, prompt, required, groupLocked)}</label>
      ${errorSlot(id)}
      <select
        class="input select"
        id="${id}"
        data-question-id="${item.questionId}"
        data-kind="select_one"
        ${required ? html` required aria-required="true"` : ''}${groupLocked
          ? html` aria-readonly="true" data-locked="true"`
          : ''}
      >
        <option value="">${s.chooseAnswer}</option>
        ${item.fields.map(
          (f) =>
            html`<option value="${f.field_id}" data-field-id="${f.field_id}" ${f.value === true ? html` selected` : ''}>
              ${cleanLabel(s.untitled, f.choice_label, f.label)}
            </option> `,
        )}
      </select>
    </div>`;
  }

  const choices = item.fields.map((f) => {
    const id = ids.next('fld');
    const locked = single ? groupLocked : f.locked;
    const showNote = !single && f.locked && !allLocked;
    return html`<div class="choice">
      <input
        class="choice-input"
        id="${id}"
        type="${single ? 'radio' : 'checkbox'}"
        ${single ? html` name="${gid}"` : ''}
        data-field-id="${f.field_id}"
        data-kind="${item.kind}"
        ${f.value === true ? html` checked` : ''}${single && required ? html` required` : ''}${locked
          ? html`${single ? '' : html` aria-readonly="true"`} data-locked="true"`
          : ''}
      />
      <label class="choice-label" for="${id}"
        >${labelContent(s, cleanLabel(s.untitled, f.choice_label, f.label), false, showNote)}</label
      >
    </div> `;
  });
  const legendLocked = single ? groupLocked : allLocked;
  return html`<div
    ${wrapperAttrs(s, item, item.kind, required, hidden)}${legendLocked ? html` data-locked="true"` : ''}
  >
    <fieldset
      class="group"
      id="${gid}"
      aria-describedby="${gid}-hint"
      ${single ? html` role="radiogroup"` : ''}${single && required ? html` aria-required="true"` : ''}${single &&
      groupLocked
        ? html` aria-readonly="true"`
        : ''}
    >
      <legend class="legend">${labelContent(s, prompt, required, legendLocked)}</legend>
      <p class="hint" id="${gid}-hint">${single ? s.chooseOne : s.chooseAll}</p>
      ${errorSlot(gid)}
      <div class="choices">${choices}</div>
    </fieldset>
  </div>`;
}

/** One question; `hidden` when its condition is false for the values the page starts with. */
export function renderItem(item: FormItem, ids: Ids, s: PageStrings, hidden = false): SafeHtml {
  if (item.type === 'choice') return renderChoiceQuestion(item, ids, s, hidden);
  switch (item.field.kind) {
    case 'signature':
      return renderSignature(item, ids, s, hidden);
    case 'checkbox':
    case 'select_one':
    case 'select_many':
      return renderLoneCheckbox(item, ids, s, hidden);
    case 'text':
    case 'date':
    case 'email':
    case 'phone':
    case 'number':
    case 'initials':
      return renderTextField(item, ids, s, hidden);
  }
}
