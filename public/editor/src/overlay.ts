// The field boxes over each page: one focusable button per field, in the field map's order (so Tab follows it).
import { kindName } from './kinds';
import { toBox, viewportOf, type Box, type Page } from './pdf-view';
import { flagsOf, isChoiceKind, isOption, type Store } from './store';
import type { Field } from './types';

const HANDLES = ['nw', 'ne', 'sw', 'se'];

export function describe(field: Field): string {
  const kind = kindName(field.kind);
  const text = (isChoiceKind(field.kind) && field.choice_label) || field.label || field.prompt || 'no label';
  const flags = flagsOf(field);
  return `${kind}: ${text}${field.required ? ', required' : ''}${flags.length ? ` (check: ${flags.join(', ')})` : ''}`;
}

export function placeBox(el: HTMLElement, box: Box): void {
  el.style.left = `${box.left}px`;
  el.style.top = `${box.top}px`;
  el.style.width = `${Math.max(box.width, 4)}px`;
  el.style.height = `${Math.max(box.height, 4)}px`;
}

function boxElement(field: Field, page: Page, selected: boolean, single: boolean): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = `box box--${field.kind}`;
  el.dataset.key = field.key;
  if (field.field_id) el.dataset.fieldId = field.field_id;
  if (isOption(field)) el.dataset.questionId = field.question_id;
  el.setAttribute('aria-label', describe(field));
  el.setAttribute('aria-pressed', selected ? 'true' : 'false');
  const flags = flagsOf(field);
  if (flags.length) {
    el.classList.add('box--flag');
    const mark = document.createElement('span');
    mark.className = 'flag';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '!';
    el.append(mark);
  }
  if (selected) el.classList.add('box--selected');
  if (selected && single) {
    for (const corner of HANDLES) {
      const handle = document.createElement('span');
      handle.className = `handle handle--${corner}`;
      handle.dataset.handle = corner;
      handle.setAttribute('aria-hidden', 'true');
      el.append(handle);
    }
  }
  placeBox(el, toBox(viewportOf(page), field.rect));
  return el;
}

/** The key of the field box that has keyboard focus, if any. */
export function focusedKey(): string | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.dataset.key : undefined;
}

/** Redraws every page's boxes and keeps keyboard focus on the same field. */
export function renderBoxes(store: Store, pages: Page[]): void {
  const keep = focusedKey();
  const { selected } = store.state;
  const single = selected.size === 1;
  const byPage = new Map<number, Field[]>(pages.map((p) => [p.num, []]));
  for (const field of store.ordered()) byPage.get(field.page)?.push(field);
  for (const page of pages) {
    const fields = byPage.get(page.num) ?? [];
    page.layer.replaceChildren(...fields.map((f) => boxElement(f, page, selected.has(f.key), single)));
  }
  if (keep) boxFor(keep)?.focus({ preventScroll: true });
}

export function boxFor(key: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.box[data-key="${CSS.escape(key)}"]`);
}

/** Scrolls a field into view, selects it and gives it focus (review list, errors named by the server). */
export function reveal(store: Store, key: string): void {
  store.select([key]);
  const el = boxFor(key);
  if (!el) return;
  el.scrollIntoView({ block: 'center', inline: 'center' });
  el.focus({ preventScroll: true });
}
