// The editor's working copy of the field map: fields, selection, undo/redo. Fields keep the wire keys of
// GET /editor/{token}/fields, plus `key`, a page-local id that also names fields the server has not seen yet.

const CHOICE_KINDS = new Set(['select_one', 'select_many', 'checkbox']);
const HISTORY_LIMIT = 200;
let nextKey = 1;

export const isChoiceKind = (kind) => CHOICE_KINDS.has(kind);
export const LOW_CONFIDENCE = 0.6;

/** A field that staff should look at: detected with low confidence, or not bound to any printed text. */
export function flagsOf(field) {
  const flags = [];
  if (typeof field.confidence === 'number' && field.confidence < LOW_CONFIDENCE) flags.push('low confidence');
  if (!String(field.label ?? '').trim() && !String(field.prompt ?? '').trim()) flags.push('no label');
  return flags;
}

function withKey(field) {
  return { ...field, rect: [...field.rect], key: `k${nextKey++}` };
}

/** Reading order: page, then rows from the top (PDF y grows upwards; 4 pt rows), then left to right. */
export function readingOrder(a, b) {
  if (a.page !== b.page) return a.page - b.page;
  const rowA = Math.round(-a.rect[3] / 4);
  const rowB = Math.round(-b.rect[3] / 4);
  if (rowA !== rowB) return rowA - rowB;
  return a.rect[0] - b.rect[0];
}

export function createStore({ fields, version }) {
  const listeners = new Set();
  const state = {
    fields: fields.map(withKey),
    version,
    baseIds: new Set(fields.map((f) => f.field_id)),
    selected: new Set(),
    sticky: false,
    dirty: false,
    undo: [],
    redo: [],
  };
  const snapshot = () => JSON.stringify(state.fields);
  const emit = (what) => listeners.forEach((fn) => fn(what));

  return {
    state,
    subscribe: (fn) => listeners.add(fn),
    emit,
    byKey: (key) => state.fields.find((f) => f.key === key),
    selectedFields: () => state.fields.filter((f) => state.selected.has(f.key)),
    ordered: () => [...state.fields].sort(readingOrder),

    /** Records the state before a change, so one gesture (a drag, a typed label) is one undo step. */
    checkpoint() {
      state.undo.push(snapshot());
      if (state.undo.length > HISTORY_LIMIT) state.undo.shift();
      state.redo = [];
    },
    /** Applies `fn` to the fields; `checkpoint: false` when the caller already took one for this gesture. */
    change(fn, { checkpoint = true } = {}) {
      if (checkpoint) this.checkpoint();
      fn(state.fields);
      state.selected = new Set([...state.selected].filter((k) => state.fields.some((f) => f.key === k)));
      if (!state.selected.size) state.sticky = false;
      state.dirty = true;
      emit('fields');
    },
    add(field) {
      const added = withKey(field);
      this.change((fields) => fields.push(added));
      return added;
    },
    undo() {
      if (!state.undo.length) return;
      state.redo.push(snapshot());
      state.fields = JSON.parse(state.undo.pop());
      state.dirty = true;
      emit('fields');
    },
    redo() {
      if (!state.redo.length) return;
      state.undo.push(snapshot());
      state.fields = JSON.parse(state.redo.pop());
      state.dirty = true;
      emit('fields');
    },
    /** `sticky`: a keyboard multi-selection is being built (Shift+Enter); moving focus keeps it. */
    select(keys, { add = false, sticky = false } = {}) {
      state.sticky = sticky;
      if (!add) state.selected = new Set();
      for (const k of keys) state.selected.add(k);
      emit('selection');
    },
    toggle(key) {
      if (state.selected.has(key)) state.selected.delete(key);
      else state.selected.add(key);
      if (!state.selected.size) state.sticky = false;
      emit('selection');
    },
    /** After a save: the server's fields (with real ids) become the new base; history starts again. */
    load({ fields: saved, version: savedVersion }) {
      const selectedIds = new Set(this.selectedFields().map((f) => f.field_id));
      state.fields = saved.map(withKey);
      state.version = savedVersion;
      state.baseIds = new Set(saved.map((f) => f.field_id));
      state.selected = new Set(state.fields.filter((f) => selectedIds.has(f.field_id)).map((f) => f.key));
      state.undo = [];
      state.redo = [];
      state.dirty = false;
      emit('fields');
      emit('version');
    },
    /**
     * After a 409: puts the user's work on top of `latest`. Fields someone else added since our base are
     * added; ids that no longer exist become new fields (their id is gone), so nothing typed is lost.
     */
    rebase(latest) {
      this.checkpoint();
      const latestIds = new Set(latest.fields.map((f) => f.field_id));
      for (const f of state.fields) if (f.field_id && !latestIds.has(f.field_id)) delete f.field_id;
      for (const f of latest.fields) if (!state.baseIds.has(f.field_id)) state.fields.push(withKey(f));
      state.baseIds = latestIds;
      state.version = latest.version;
      state.dirty = true;
      emit('fields');
      emit('version');
    },
  };
}
