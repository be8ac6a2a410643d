// Small DOM helpers shared by the fill page's modules.

/** The JSON data block with this id (`<script type="application/json">`), or `{}` when absent or broken. */
export function readBlock<T extends object>(id: string): Partial<T> {
  const el = document.getElementById(id);
  if (!el) return {};
  try {
    const value: unknown = JSON.parse(el.textContent || '{}');
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** The JSON array in the data block with this id, or [] when absent or broken. */
export function readList<T>(id: string): T[] {
  try {
    const value: unknown = JSON.parse(document.getElementById(id)?.textContent || '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

/** Like byId, for the elements the page always renders: a missing one is a broken page, not a state to handle. */
export function requireId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = byId<T>(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el;
}

export function all<T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] {
  return Array.from(root.querySelectorAll<T>(selector as never));
}

export function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToElement(el: Element | null): void {
  el?.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
}

export function byFieldId(root: ParentNode, fieldId: string): HTMLElement | null {
  return all(root, '[data-field-id]').find((el) => el.getAttribute('data-field-id') === fieldId) ?? null;
}

/** The question wrappers (one per question on the page) inside `root`, in page order. */
export function wrappersIn(root: ParentNode): HTMLElement[] {
  return all(root, '[data-field-wrapper]');
}

export function addToken(el: Element, attr: string, token: string): void {
  const tokens = (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean);
  if (!tokens.includes(token)) tokens.push(token);
  el.setAttribute(attr, tokens.join(' '));
}

export function removeToken(el: Element, attr: string, token: string): void {
  const tokens = (el.getAttribute(attr) || '').split(/\s+/).filter((t) => t && t !== token);
  if (tokens.length) el.setAttribute(attr, tokens.join(' '));
  else el.removeAttribute(attr);
}
