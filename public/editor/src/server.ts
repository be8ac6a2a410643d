// Save, mark reviewed and reload: the editor's JSON routes (same services and rules as the partner API).
import { isChoiceKind } from './store';
import type { Field, FieldsResponse, WireCondition } from './types';

/** One entry of the PUT body: wire keys only, ids for fields the server knows. */
export interface FieldEntry {
  field_id?: string;
  kind: Field['kind'];
  page: number;
  rect: Field['rect'];
  label: string;
  prompt: string;
  choice_label: string | null;
  question_id: string | null;
  required: boolean;
  section: string;
  mark?: Field['mark'];
  format?: string | null;
  condition?: WireCondition | null;
}

export function toEntry(f: Field): FieldEntry {
  const choice = isChoiceKind(f.kind);
  return {
    ...(f.field_id ? { field_id: f.field_id } : {}),
    kind: f.kind,
    page: f.page,
    rect: f.rect,
    label: f.label ?? '',
    prompt: f.prompt ?? '',
    choice_label: choice ? (f.choice_label ?? '') : null,
    // Options of one question share its id; any other field sends its own (or null: the server gives one).
    question_id: f.question_id ?? null,
    required: !!f.required,
    section: f.section ?? '',
    ...(choice ? { mark: f.mark ?? 'check' } : {}),
    // Sent once the field carries them (the server sends both on every field; a drawn field has neither).
    ...(f.format !== undefined ? { format: f.format } : {}),
    ...(f.condition !== undefined
      ? { condition: f.condition && { field_id: f.condition.field_id, equals: true } }
      : {}),
  };
}

/** What the server said: the status and the JSON body (null when there was none). */
export interface Reply<T> {
  status: number;
  body: T | null;
}

/** The error body of a refused request (400 names each entry by its index in the sent list). */
export interface ErrorBody {
  error?: string;
  field_errors?: { index?: number; error?: string }[];
}

export type Call = <T>(method: string, url: string, body?: unknown) => Promise<Reply<T>>;

export const call: Call = async <T>(method: string, url: string, body?: unknown): Promise<Reply<T>> => {
  const response = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  let json: T | null = null;
  try {
    json = (await response.json()) as T;
  } catch {
    json = null;
  }
  return { status: response.status, body: json };
};

/** `url(path)` names a route of this editor session, pinned to the page's template. */
export type RouteUrl = (path: string) => string;

export type FieldsReply = Reply<FieldsResponse & ErrorBody>;

export const loadFields = (url: RouteUrl, send: Call = call): Promise<FieldsReply> => send('GET', url('fields'));

export const saveFields = (url: RouteUrl, version: number, fields: Field[], send: Call = call): Promise<FieldsReply> =>
  send('PUT', url('fields'), { base_version: version, fields: fields.map(toEntry) });

export const markReviewed = (url: RouteUrl): Promise<Reply<ErrorBody>> => call('POST', url('review'));

export async function loadPdf(url: RouteUrl): Promise<Uint8Array> {
  const response = await fetch(url('pdf'), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The form could not be loaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/** One sentence from an error body (the server names the entry and the rule). */
export function errorText({ status, body }: Reply<ErrorBody>): string {
  if (status === 410) return 'This editor link has expired. Open the editor again from your application.';
  if (status === 403 || status === 404) return 'This editor link is no longer valid for this template.';
  const message = body?.error ?? `The server answered ${status}.`;
  // 400s name each entry and rule in `field_errors`; the message already says the first one.
  const problems = Array.isArray(body?.field_errors) ? body.field_errors.length : 0;
  return `${message}${problems > 1 ? ` (${problems} problems)` : ''}`;
}
