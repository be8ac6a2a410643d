// "To check": the import's review reasons and every flagged field, each a button that jumps to the spot.
import { describe, reveal } from './overlay';
import type { Page } from './pdf-view';
import { flagsOf, type Store } from './store';
import type { Field } from './types';

const MAX_FIELD_ITEMS = 200;

function item(text: string, onClick: () => void): HTMLLIElement {
  const li = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'reason';
  button.textContent = text;
  button.addEventListener('click', onClick);
  li.append(button);
  return li;
}

/**
 * Where a server reason points. Reasons name a page, often a section and quoted labels
 * ('Page 1, section "Allergies": 2 fields have low confidence ("Latex", "Other...")'): the first field there
 * with the named problem or label, else the page.
 */
export function targetOf(reason: string, fields: Field[]): { field: Field | null; page: number | null } {
  const page = Number(/page (\d+)/i.exec(reason)?.[1]) || null;
  const section = /section "([^"]*)"/i.exec(reason)?.[1];
  const onPage = fields.filter((f) => !page || f.page === page);
  const inSection = onPage.filter((f) => section === undefined || (f.section ?? '') === section);
  const pool = inSection.length ? inSection : onPage;
  const quoted = [...reason.replace(/section "[^"]*"/i, '').matchAll(/"([^"]+)"/g)].map((m) =>
    m[1].replace(/(\.\.\.|…)$/, ''),
  );
  const problem = /low confidence/i.test(reason) ? 'low confidence' : /no label/i.test(reason) ? 'no label' : null;
  const field =
    (problem && pool.find((f) => flagsOf(f).includes(problem))) ||
    pool.find((f) => quoted.some((q) => q && [f.label, f.prompt, f.choice_label].some((t) => t?.startsWith(q)))) ||
    (page ? null : (pool[0] ?? null));
  return { field, page };
}

export function bindReasons(store: Store, serverReasons: string[], pages: Page[]): void {
  const list = document.getElementById('reasons');
  if (!list) return;
  function jump({ field, page }: { field: Field | null; page: number | null }): void {
    if (field) reveal(store, field.key);
    else if (page) pages.find((p) => p.num === page)?.el.scrollIntoView({ block: 'start' });
  }
  function render(): void {
    const fields = store.ordered();
    const items = serverReasons.map((r) => item(r, () => jump(targetOf(r, fields))));
    const flagged = fields.filter((f) => flagsOf(f).length);
    for (const f of flagged.slice(0, MAX_FIELD_ITEMS))
      items.push(item(`Page ${f.page} — ${describe(f)}`, () => reveal(store, f.key)));
    if (flagged.length > MAX_FIELD_ITEMS) {
      const li = document.createElement('li');
      li.textContent = `${flagged.length - MAX_FIELD_ITEMS} more flagged fields`;
      items.push(li);
    }
    if (!items.length) {
      const li = document.createElement('li');
      li.textContent = 'Nothing flagged. Check the boxes against the printed form, then mark the template reviewed.';
      items.push(li);
    }
    list?.replaceChildren(...items);
  }
  store.subscribe((what) => what === 'fields' && render());
  render();
}
