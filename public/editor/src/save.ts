// Saving the working copy: PUT the whole field map in its order, then take the server's answer in.
import { MAX_FIELDS_PER_VERSION } from '../../../src/shared/constants';
import { call, errorText, saveFields, type Call, type RouteUrl } from './server';
import type { Store } from './store';

export type SaveOutcome =
  | { kind: 'saved'; message: string }
  | { kind: 'conflict'; message: string }
  /** `key`: the field the server named (a 400 names entries by their index in the list sent). */
  | { kind: 'refused'; message: string; key?: string };

export async function saveAndReport(store: Store, url: RouteUrl, send: Call = call): Promise<SaveOutcome> {
  // Sent in the field map's order (the patient page asks in this order); a 400 names entries by index in it.
  const sent = store.ordered();
  if (sent.length > MAX_FIELDS_PER_VERSION)
    return {
      kind: 'refused',
      message: `Not saved: a template holds at most ${MAX_FIELDS_PER_VERSION} fields; this one has ${sent.length}.`,
    };
  const result = await saveFields(url, store.state.version, sent, send);
  if (result.status === 200 && result.body) {
    store.load(result.body);
    return { kind: 'saved', message: `Saved as version ${result.body.version}.` };
  }
  if (result.status === 409)
    return { kind: 'conflict', message: 'Not saved: a newer version exists. Your changes are kept.' };
  const index = result.body?.field_errors?.[0]?.index;
  return {
    kind: 'refused',
    message: `Not saved. ${errorText(result)}`,
    key: typeof index === 'number' ? sent[index]?.key : undefined,
  };
}
