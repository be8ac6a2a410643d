// Save, mark reviewed and reload: the editor's JSON routes (same services and rules as the partner API).
import { isChoiceKind } from './store.js';

/** A working field as the PUT body's entry: wire keys only, ids for fields the server knows. */
export function toEntry(f) {
  const choice = isChoiceKind(f.kind);
  return {
    ...(f.field_id ? { field_id: f.field_id } : {}),
    kind: f.kind,
    page: f.page,
    rect: f.rect,
    label: f.label ?? '',
    prompt: f.prompt ?? '',
    choice_label: choice ? (f.choice_label ?? '') : null,
    // Only select_one and select_many options belong to a question; a check box stands alone.
    question_id: f.kind === 'select_one' || f.kind === 'select_many' ? (f.question_id ?? null) : null,
    required: !!f.required,
    section: f.section ?? '',
    ...(choice ? { mark: f.mark ?? 'check' } : {}),
  };
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  return { status: response.status, body: json };
}

/** `url(path)` names a route of this editor session, pinned to the page's template. */
export const loadFields = (url) => call('GET', url('fields'));

export const saveFields = (url, version, fields) =>
  call('PUT', url('fields'), { base_version: version, fields: fields.map(toEntry) });

export const markReviewed = (url) => call('POST', url('review'));

export async function loadPdf(url) {
  const response = await fetch(url('pdf'), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The form could not be loaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/** One sentence from an error body (the server names the entry and the rule). */
export function errorText({ status, body }) {
  if (status === 410) return 'This editor link has expired. Open the editor again from your application.';
  if (status === 403 || status === 404) return 'This editor link is no longer valid for this template.';
  const message = body?.error ?? `The server answered ${status}.`;
  // 400s name each entry and rule in `field_errors`; the message already says the first one.
  const more =
    Array.isArray(body?.field_errors) && body.field_errors.length > 1 ? ` (${body.field_errors.length} problems)` : '';
  return `${message}${more}`;
}
