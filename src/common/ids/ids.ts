import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const ID_PREFIXES = {
  org: 'org_',
  apiKey: 'key_',
  import: 'imp_',
  template: 'tpl_',
  templateVersion: 'tv_',
  field: 'fld_',
  question: 'q_',
  fillLink: 'fl_',
  submission: 'sub_',
  webhook: 'wh_',
  event: 'evt_',
  delivery: 'dlv_',
  editorSession: 'eds_',
  fillDraft: 'fd_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

/** Cryptographically random base62 string (no modulo bias: randomInt is uniform). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** A public id: prefix plus 22 random base62 characters (about 131 bits). */
export function newId(kind: IdKind): string {
  return ID_PREFIXES[kind] + randomBase62(22);
}

/** Cheap shape check so garbage ids answer 404 without touching the database. */
export function looksLikeId(kind: IdKind, value: string): boolean {
  const prefix = ID_PREFIXES[kind];
  return value.startsWith(prefix) && /^[0-9A-Za-z]{20,64}$/.test(value.slice(prefix.length));
}
