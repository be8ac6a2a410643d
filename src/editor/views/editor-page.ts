import { FIELD_KINDS } from '../../shared/field-map';
import { html, type SafeHtml } from 'src/common/html/html';
import { EDITOR_ASSETS, renderEditorDocument } from './layout';

export interface EditorPageModel {
  token: string;
  templateId: string;
  title: string;
  version: number;
  reviewRequired: boolean;
  reviewedAt: string | null;
}

/**
 * Plain-words names of the field kinds: the Kind select's options, which the bundle also reads for the boxes'
 * accessible names (public/editor/src/kinds.ts), so this is the only list.
 */
export const KIND_NAMES: Record<(typeof FIELD_KINDS)[number], string> = {
  text: 'Text',
  date: 'Date',
  select_one: 'Choose one',
  select_many: 'Choose any',
  checkbox: 'Check box',
  signature: 'Signature',
  email: 'Email',
  phone: 'Phone',
  number: 'Number',
  initials: 'Initials',
};

/** The formats staff can set (decisions.md "Answer rules"): ZIP and SSN on text boxes, date of birth on dates. */
const FORMAT_NAMES: [string, string][] = [
  ['zip', 'ZIP code'],
  ['ssn', 'Social Security number'],
  ['birth_date', 'Date of birth'],
];

function button(id: string, label: string, extra: SafeHtml | string = '', keys = ''): SafeHtml {
  return html`<button type="button" class="tool" id="${id}" ${extra}${keys ? html` aria-keyshortcuts="${keys}"` : ''}>
    ${label}
  </button>`;
}

function textInput(id: string, label: string, hint = ''): SafeHtml {
  return html`<div class="prop">
    <label for="${id}">${label}</label>
    ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
    <input type="text" id="${id}" autocomplete="off" ${hint ? html`aria-describedby="${id}-hint"` : ''} />
  </div>`;
}

function toolbar(model: EditorPageModel, base: string): SafeHtml {
  return html`<div class="toolbar" role="toolbar" aria-label="Editor tools" aria-controls="pages">
    <div class="tool-group">
      ${button('undo', 'Undo', html`disabled`, 'Control+Z')} ${button('redo', 'Redo', html`disabled`, 'Control+Y')}
    </div>
    <div class="tool-group">
      ${button('zoom-out', 'Zoom out', '', 'Control+-')}
      <output id="zoom-level" aria-live="polite" aria-label="Zoom level">100%</output>
      ${button('zoom-in', 'Zoom in', '', 'Control+=')}
    </div>
    <div class="tool-group">
      ${button('add-field', 'Add field')} ${button('group-one', 'Group: choose one', html`disabled`)}
      ${button('group-many', 'Group: choose any', html`disabled`)} ${button('split', 'Split group', html`disabled`)}
      ${button('delete', 'Delete', html`disabled`, 'Delete')}
    </div>
    <div class="tool-group tool-group--end">
      <a
        class="tool"
        id="preview"
        href="${base}/preview?template_id=${encodeURIComponent(model.templateId)}"
        target="_blank"
        rel="noopener noreferrer"
        >Preview patient page</a
      >
      ${button('mark-reviewed', model.reviewedAt ? 'Reviewed' : 'Mark reviewed')}
      <button type="button" class="tool tool--primary" id="save" aria-keyshortcuts="Control+S">Save</button>
    </div>
  </div>`;
}

function inspector(): SafeHtml {
  return html`<aside class="inspector" aria-labelledby="inspector-heading">
    <h2 id="inspector-heading">Field</h2>
    <p id="inspector-empty" class="hint">
      Select a field on the page (click it, or Tab to it). Shift-click to select several. Drag on an empty part of a
      page to draw a new field.
    </p>
    <p id="inspector-multi" class="hint" hidden></p>
    <form id="inspector" hidden novalidate>
      <div class="prop">
        <label for="prop-kind">Kind</label>
        <select id="prop-kind">
          ${FIELD_KINDS.map((k) => html`<option value="${k}">${KIND_NAMES[k]}</option>`)}
        </select>
      </div>
      ${textInput('prop-label', 'Label', 'What the patient sees beside the box.')}
      ${textInput('prop-prompt', 'Prompt', 'The question as printed on the form.')}
      <div id="choice-props">${textInput('prop-choice-label', 'Choice label', 'The option this box stands for.')}</div>
      <div class="prop prop--check">
        <input type="checkbox" id="prop-required" />
        <label for="prop-required">Required</label>
      </div>
      ${textInput('prop-section', 'Section')}
      <div class="prop" id="format-prop">
        <label for="prop-format">Format</label>
        <select id="prop-format" aria-describedby="prop-format-hint">
          <option value="">None</option>
          ${FORMAT_NAMES.map(([value, name]) => html`<option value="${value}">${name}</option>`)}
        </select>
        <p class="hint" id="prop-format-hint">Checked as the patient leaves the box, and again on submit.</p>
      </div>
      <div class="prop" id="condition-prop" role="group" aria-labelledby="condition-heading">
        <p class="prop-heading" id="condition-heading">Shown only when</p>
        <p class="hint" id="condition-text" aria-live="polite">Always shown.</p>
        <button type="button" class="tool" id="condition-pick">Pick the option on the page</button>
        <button type="button" class="tool" id="condition-clear">Always show</button>
      </div>
      <div class="prop" id="mark-prop">
        <label for="prop-mark">Mark</label>
        <select id="prop-mark">
          <option value="check">Tick the box</option>
          <option value="circle">Circle the word</option>
        </select>
      </div>
      <p id="prop-info" class="hint"></p>
    </form>
    <h2 id="shortcuts-heading">Keys</h2>
    <ul class="keys" aria-labelledby="shortcuts-heading">
      <li>Tab: next field in reading order</li>
      <li>Shift+Enter: add the field to a selection (then Tab on, Shift+Enter again); Escape: clear</li>
      <li>Arrows: move 1 pt (Shift: 10 pt); Alt+arrows: resize</li>
      <li>Delete: remove; Ctrl+Z / Ctrl+Y: undo / redo; Ctrl+S: save</li>
    </ul>
  </aside>`;
}

/** The template editor: the page is drawn by the bundle from the JSON and PDF routes named in data attributes. */
export function renderEditorPage(model: EditorPageModel): string {
  const base = `/editor/${encodeURIComponent(model.token)}`;
  const body = html`<p class="narrow-note" id="narrow-note">
      The template editor needs a screen at least 1024 pixels wide. Please open this link on a computer.
    </p>
    <div
      class="app"
      id="app"
      data-base-url="${base}"
      data-template-id="${model.templateId}"
      data-version="${model.version}"
      data-worker-url="${EDITOR_ASSETS.pdfWorker}"
      data-fonts-url="${EDITOR_ASSETS.standardFonts}"
    >
      <header class="top">
        <h1><span class="top-kicker">Template editor</span> ${model.title}</h1>
        <p class="top-meta">
          Version <span id="version">${model.version}</span> ·
          <span id="review-state"
            >${model.reviewedAt ? 'Reviewed' : model.reviewRequired ? 'Needs review' : 'Not flagged'}</span
          >
        </p>
        <p class="status" id="status" role="status" aria-live="polite">Loading the form…</p>
      </header>
      ${toolbar(model, base)}
      <div class="workspace">
        <aside class="reasons" aria-labelledby="reasons-heading">
          <h2 id="reasons-heading">To check</h2>
          <ul id="reasons" class="reason-list"></ul>
        </aside>
        <main class="pages" id="pages" aria-label="Form pages" tabindex="-1"></main>
        ${inspector()}
      </div>
      <div
        class="conflict"
        id="conflict"
        role="alertdialog"
        aria-labelledby="conflict-heading"
        aria-describedby="conflict-text"
        hidden
      >
        <h2 id="conflict-heading">Someone else saved this template</h2>
        <p id="conflict-text">
          A newer version was saved while you were editing. Your changes are kept here. Reload them on top of the latest
          version, then save again.
        </p>
        <button type="button" class="tool tool--primary" id="conflict-rebase">
          Reload on top of the latest version
        </button>
        <button type="button" class="tool" id="conflict-dismiss">Keep editing</button>
      </div>
      <noscript><p class="narrow-note">The template editor needs JavaScript.</p></noscript>
    </div>`;
  return renderEditorDocument({ title: `Edit ${model.title}`, body, script: true });
}
