import type { FieldKind } from 'src/detection/field-map';
import type { FillFormField, FillFormModel } from '../fill-form.model';
import { html, type SafeHtml } from './html';
import { renderDocument } from './layout';

/** A select_one question with more choices than this is a drop-down instead of radio buttons. */
export const MAX_RADIO_CHOICES = 6;

export const REQUIRED_MARK = '(required)';
export const LOCKED_NOTE = '(set by your provider)';

/** One question on the page: a single control, or a group of choice fields sharing a question_id. */
export type FormItem =
  | { type: 'single'; field: FillFormField }
  | { type: 'choice'; kind: 'select_one' | 'select_many'; questionId: string; fields: FillFormField[] };

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['select_one', 'select_many', 'checkbox']);

/**
 * Groups the model's fields into questions, in model order (a question sits where its first field is).
 * Choice fields sharing a question_id form one question; a choice field alone (no question_id, or the only
 * field of its question) is shown as a single check box, since a lone radio button could never be unset.
 */
export function groupQuestions(fields: readonly FillFormField[]): FormItem[] {
  const items: FormItem[] = [];
  const byQuestion = new Map<string, Extract<FormItem, { type: 'choice' }>>();
  for (const field of fields) {
    if (CHOICE_KINDS.has(field.kind) && field.question_id != null) {
      const existing = byQuestion.get(field.question_id);
      if (existing) {
        existing.fields.push(field);
        continue;
      }
      const item: FormItem = {
        type: 'choice',
        kind: field.kind === 'select_one' ? 'select_one' : 'select_many',
        questionId: field.question_id,
        fields: [field],
      };
      byQuestion.set(field.question_id, item);
      items.push(item);
    } else {
      items.push({ type: 'single', field });
    }
  }
  return items.map((item) =>
    item.type === 'choice' && item.fields.length === 1 ? { type: 'single', field: item.fields[0] } : item,
  );
}

function itemPage(item: FormItem): number {
  return item.type === 'single' ? item.field.page : item.fields[0].page;
}

/** Label text with PDF leftovers trimmed ("Name:", "DOB *"), or a neutral fallback when the PDF gave none. */
function cleanLabel(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const text = (candidate ?? '').replace(/\s+/g, ' ').trim();
    if (text !== '') return text;
  }
  return 'Untitled question';
}

/** Short form of a label for error messages: no trailing colon/asterisk, at most 80 characters. */
function messageLabel(label: string): string {
  const trimmed = label.replace(/[\s:*.]+$/, '') || label;
  return trimmed.length > 80 ? `${trimmed.slice(0, 79).trimEnd()}…` : trimmed;
}

export function requiredMessage(item: FormItem): string {
  if (item.type === 'choice') {
    const label = messageLabel(cleanLabel(item.fields[0].prompt, item.fields[0].label));
    return item.kind === 'select_one'
      ? `Please choose an answer for “${label}”.`
      : `Please tick at least one answer for “${label}”.`;
  }
  const f = item.field;
  const label = messageLabel(cleanLabel(f.label, f.prompt));
  switch (f.kind) {
    case 'signature':
      return `Please sign in the box, or type your full name, for “${label}”.`;
    case 'checkbox':
    case 'select_one':
    case 'select_many':
      return `Please tick “${label}”.`;
    case 'date':
      return `Please enter a date for “${label}”.`;
    default:
      return `Please answer “${label}”.`;
  }
}

class Ids {
  private n = 0;
  next(prefix: string): string {
    this.n += 1;
    return `${prefix}-${this.n}`;
  }
}

function labelContent(text: string, required: boolean, locked: boolean): SafeHtml {
  return html`<span class="label-text">${text}</span>${required
      ? html` <span class="req">${REQUIRED_MARK}</span>`
      : ''}${locked ? html` <span class="locked-note">${LOCKED_NOTE}</span>` : ''}`;
}

function errorSlot(id: string): SafeHtml {
  return html`<p class="field-error" id="${id}-error" hidden></p>`;
}

function wrapperAttrs(item: FormItem, kind: string, required: boolean): SafeHtml {
  return html`class="field field--${kind}" data-field-wrapper
  data-kind="${kind}"${required ? html` data-required="true" data-required-message="${requiredMessage(item)}"` : ''}`;
}

const INPUT_TYPES: Partial<Record<FieldKind, { type: string; extra: SafeHtml | '' }>> = {
  text: { type: 'text', extra: '' },
  email: { type: 'email', extra: html` autocomplete="email" spellcheck="false" autocapitalize="off"` },
  phone: { type: 'tel', extra: html` autocomplete="tel"` },
  number: { type: 'text', extra: html` inputmode="numeric"` },
  initials: { type: 'text', extra: html` autocapitalize="characters" autocomplete="off" spellcheck="false"` },
  date: { type: 'date', extra: '' },
};

function renderTextField(item: FormItem & { type: 'single' }, ids: Ids): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  const spec = INPUT_TYPES[f.kind] ?? INPUT_TYPES.text!;
  const value = typeof f.value === 'string' ? f.value : '';
  return html`<div ${wrapperAttrs(item, f.kind, f.required)}${f.locked ? html` data-locked="true"` : ''}>
    <label class="label" for="${id}">${labelContent(cleanLabel(f.label, f.prompt), f.required, f.locked)}</label>
    ${errorSlot(id)}
    <input
      class="input"
      id="${id}"
      type="${spec.type}"
      data-field-id="${f.field_id}"
      data-kind="${f.kind}"
      value="${value}"
      ${spec.extra}${f.required ? html` required aria-required="true"` : ''}${f.locked ? html` readonly` : ''}
    />
  </div>`;
}

function renderLoneCheckbox(item: FormItem & { type: 'single' }, ids: Ids): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  return html`<div ${wrapperAttrs(item, 'checkbox', f.required)}${f.locked ? html` data-locked="true"` : ''}>
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
        >${labelContent(cleanLabel(f.label, f.prompt), f.required, f.locked)}</label
      >
    </div>
  </div>`;
}

function renderSignature(item: FormItem & { type: 'single' }, ids: Ids): SafeHtml {
  const f = item.field;
  const id = ids.next('fld');
  const label = cleanLabel(f.label, f.prompt);
  return html`<div ${wrapperAttrs(item, 'signature', f.required)}>
    <fieldset class="group signature" aria-describedby="${id}-hint">
      <legend class="legend" id="${id}-legend">${labelContent(label, f.required, false)}</legend>
      <p class="hint" id="${id}-hint">Draw your signature in the box with your finger, a stylus or a mouse.</p>
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
          Clear<span class="visually-hidden"> signature</span>
        </button>
      </div>
      <label class="label label--small" for="${id}-typed">Type your full name to sign</label>
      <p class="hint" id="${id}-typed-hint">
        If you can’t draw, type your name instead. If you do both, the drawn signature is used.
      </p>
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

function renderChoiceQuestion(item: FormItem & { type: 'choice' }, ids: Ids): SafeHtml {
  const first = item.fields[0];
  const prompt = cleanLabel(first.prompt, first.label);
  const required = item.fields.some((f) => f.required);
  const single = item.kind === 'select_one';
  // A radio group or drop-down can only be locked as a whole; check boxes are locked one by one.
  const groupLocked = single && item.fields.some((f) => f.locked);
  const allLocked = item.fields.every((f) => f.locked);
  const gid = ids.next('q');

  if (single && item.fields.length > MAX_RADIO_CHOICES) {
    const id = ids.next('fld');
    return html`<div ${wrapperAttrs(item, 'select_one', required)}${groupLocked ? html` data-locked="true"` : ''}>
      <label class="label" for="${id}">${labelContent(prompt, required, groupLocked)}</label>
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
        <option value="">Choose an answer</option>
        ${item.fields.map(
          (f) =>
            html`<option value="${f.field_id}" data-field-id="${f.field_id}" ${f.value === true ? html` selected` : ''}>
              ${cleanLabel(f.choice_label, f.label)}
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
        >${labelContent(cleanLabel(f.choice_label, f.label), false, showNote)}</label
      >
    </div> `;
  });
  const legendLocked = single ? groupLocked : allLocked;
  return html`<div ${wrapperAttrs(item, item.kind, required)}${legendLocked ? html` data-locked="true"` : ''}>
    <fieldset
      class="group"
      id="${gid}"
      ${single ? html` role="radiogroup"` : ''}${single && required ? html` aria-required="true"` : ''}${single &&
      groupLocked
        ? html` aria-readonly="true"`
        : ''}
    >
      <legend class="legend">${labelContent(prompt, required, legendLocked)}</legend>
      ${errorSlot(gid)}
      <div class="choices">${choices}</div>
    </fieldset>
  </div>`;
}

function renderItem(item: FormItem, ids: Ids): SafeHtml {
  if (item.type === 'choice') return renderChoiceQuestion(item, ids);
  switch (item.field.kind) {
    case 'signature':
      return renderSignature(item, ids);
    case 'checkbox':
    case 'select_one':
    case 'select_many':
      return renderLoneCheckbox(item, ids);
    case 'text':
    case 'date':
    case 'email':
    case 'phone':
    case 'number':
    case 'initials':
      return renderTextField(item, ids);
  }
}

/**
 * The hosted fill page. The form posts nothing by itself: public/fill-page.js collects the controls by
 * `data-field-id`, validates, and POSTs a FillSubmission as JSON to `data-submit-url`.
 */
export function renderFormPage(model: FillFormModel): string {
  const ids = new Ids();
  const items = groupQuestions(model.fields);
  const code = encodeURIComponent(model.short_code);
  const submitUrl = `/f/${code}/submit`;
  const doneUrl = `/f/${code}/done`;
  const pageCount = Math.max(model.page_count, ...items.map(itemPage), 1);
  const hasSignature = model.fields.some((f) => f.kind === 'signature');
  const hasRequired = model.fields.some((f) => f.required);

  let content: SafeHtml;
  if (pageCount > 1) {
    const pages = new Map<number, FormItem[]>();
    for (const item of items) {
      const page = itemPage(item);
      pages.set(page, [...(pages.get(page) ?? []), item]);
    }
    content = html`${[...pages.keys()]
      .sort((a, b) => a - b)
      .map(
        (page) =>
          html`<section class="form-page" aria-labelledby="page-${page}-heading">
            <h2 class="page-heading" id="page-${page}-heading">Page ${page} of ${pageCount}</h2>
            ${pages.get(page)!.map((item) => html`${renderItem(item, ids)} `)}
          </section> `,
      )}`;
  } else {
    content = html`${items.map((item) => html`${renderItem(item, ids)} `)}`;
  }

  const body = html`<h1>${model.title}</h1>
    <p class="intro">
      ${hasRequired ? html`Questions marked <span class="req">${REQUIRED_MARK}</span> must be answered. ` : ''}Your
      answers are sent securely to your provider.
    </p>
    <noscript
      ><p class="panel panel--warning">
        This form needs JavaScript to send your answers. Please turn JavaScript on, or contact your provider.
      </p></noscript
    >
    <div class="error-summary" id="error-summary" role="alert" tabindex="-1" hidden>
      <h2 class="error-summary-title" id="error-summary-title">There is a problem</h2>
      <p class="error-summary-text" id="error-summary-text" hidden></p>
      <ul class="error-summary-list" id="error-summary-list"></ul>
    </div>
    <form
      class="fill-form"
      id="fill-form"
      action="${submitUrl}"
      method="post"
      novalidate
      data-submit-url="${submitUrl}"
      data-done-url="${doneUrl}"
    >
      ${content}
      <div class="actions">
        <button type="submit" class="button button--primary" id="submit-button">Submit</button>
        <p class="status" id="form-status" role="status"></p>
      </div>
    </form>`;

  return renderDocument({ title: model.title, body, signaturePad: hasSignature });
}
