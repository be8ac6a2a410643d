// The editor's working copy of the field map: fields, selection, undo/redo. The fields stay in the field map's
// order (detection's reading order, two-column forms included): that is the order the patient page asks the
// questions in, so saving never re-sorts them. A new field goes where a reader would meet it.
import { isChoiceKind as isChoice, LOW_CONFIDENCE, type FieldKind } from '../../../src/shared/constants';
import type { Field, FieldsResponse, WireField } from './types';

const HISTORY_LIMIT = 200;
let nextKey = 1;

export const isChoiceKind = (kind: FieldKind): boolean => isChoice(kind);

/**
 * Every field has a question id; only select_one / select_many options share one (a question of several
 * options). Any other field's id is its own, kept across saves.
 */
export const isOption = (f: Pick<Field, 'kind' | 'question_id'>): f is typeof f & { question_id: string } =>
  (f.kind === 'select_one' || f.kind === 'select_many') && !!f.question_id;

export type Flag = 'low confidence' | 'no label';

/** A field that staff should look at: detected with low confidence, or not bound to any printed text. */
export function flagsOf(field: Pick<Field, 'confidence' | 'label' | 'prompt'>): Flag[] {
  const flags: Flag[] = [];
  if (typeof field.confidence === 'number' && field.confidence < LOW_CONFIDENCE) flags.push('low confidence');
  if (!String(field.label ?? '').trim() && !String(field.prompt ?? '').trim()) flags.push('no label');
  return flags;
}

function withKey(field: WireField | Omit<Field, 'key'>): Field {
  return { ...field, rect: [...field.rect], key: `k${nextKey++}` };
}

/** Rows are 4 pt apart: a field whose top is this much lower than another's starts a later line. */
const ROW_PT = 4;

/**
 * Where a field drawn by staff joins the field map: before the first field of its page that starts on a later
 * line, else after the page's last field (pages in order). Existing fields never move.
 */
export function insertionIndex(
  fields: readonly Pick<Field, 'page' | 'rect'>[],
  field: Pick<Field, 'page' | 'rect'>,
): number {
  const later = fields.findIndex(
    (f) => f.page > field.page || (f.page === field.page && f.rect[3] < field.rect[3] - ROW_PT),
  );
  return later === -1 ? fields.length : later;
}

/**
 * Clears conditions the server would refuse after an edit: on an option that is gone or no longer a choice, on
 * the field itself, or on a field later in the map. (The server checks again on save.)
 */
export function pruneConditions(fields: Field[]): void {
  const position = new Map(fields.flatMap((f, i) => (f.field_id ? [[f.field_id, i] as const] : [])));
  fields.forEach((f, i) => {
    if (!f.condition) return;
    const at = position.get(f.condition.field_id);
    const target = at === undefined ? undefined : fields[at];
    if (!target || at === undefined || at >= i || !isChoice(target.kind)) f.condition = null;
  });
}

export type Topic = 'fields' | 'selection' | 'version';
type Listener = (what: Topic) => void;

export interface StoreState {
  fields: Field[];
  version: number;
  /** Field ids of the version this copy is based on (what the server knew when we loaded or rebased). */
  baseIds: Set<string>;
  selected: Set<string>;
  /** A keyboard multi-selection is being built (Shift+Enter): moving focus keeps it. */
  sticky: boolean;
  dirty: boolean;
  undo: string[];
  redo: string[];
}

export class Store {
  readonly state: StoreState;
  /** A pointer gesture is under way: focus changes it causes must not change the selection. */
  pointerDown = false;
  private readonly listeners = new Set<Listener>();

  constructor({ fields, version }: Pick<FieldsResponse, 'fields' | 'version'>) {
    this.state = {
      fields: fields.map(withKey),
      version,
      baseIds: new Set(fields.map((f) => f.field_id)),
      selected: new Set(),
      sticky: false,
      dirty: false,
      undo: [],
      redo: [],
    };
  }

  subscribe(fn: Listener): void {
    this.listeners.add(fn);
  }

  emit(what: Topic): void {
    for (const fn of this.listeners) fn(what);
  }

  byKey(key: string): Field | undefined {
    return this.state.fields.find((f) => f.key === key);
  }

  selectedFields(): Field[] {
    return this.state.fields.filter((f) => this.state.selected.has(f.key));
  }

  /** The fields in the field map's order: what is drawn (Tab order), listed and saved. */
  ordered(): Field[] {
    return [...this.state.fields];
  }

  private snapshot(): string {
    return JSON.stringify(this.state.fields);
  }

  /** Records the state before a change, so one gesture (a drag, a typed label) is one undo step. */
  checkpoint(): void {
    this.state.undo.push(this.snapshot());
    if (this.state.undo.length > HISTORY_LIMIT) this.state.undo.shift();
    this.state.redo = [];
  }

  /** Applies `fn` to the fields; `checkpoint: false` when the caller already took one for this gesture. */
  change(fn: (fields: Field[]) => void, { checkpoint = true } = {}): void {
    if (checkpoint) this.checkpoint();
    fn(this.state.fields);
    pruneConditions(this.state.fields);
    this.dropMissingFromSelection();
    this.state.dirty = true;
    this.emit('fields');
  }

  add(field: Omit<Field, 'key'>): Field {
    const added = withKey(field);
    this.change((fields) => fields.splice(insertionIndex(fields, added), 0, added));
    return added;
  }

  undo(): void {
    this.travel(this.state.undo, this.state.redo);
  }

  redo(): void {
    this.travel(this.state.redo, this.state.undo);
  }

  private travel(from: string[], to: string[]): void {
    const previous = from.pop();
    if (previous === undefined) return;
    to.push(this.snapshot());
    this.state.fields = JSON.parse(previous) as Field[];
    this.dropMissingFromSelection();
    this.state.dirty = true;
    this.emit('fields');
  }

  private dropMissingFromSelection(): void {
    const keys = new Set(this.state.fields.map((f) => f.key));
    this.state.selected = new Set([...this.state.selected].filter((k) => keys.has(k)));
    if (!this.state.selected.size) this.state.sticky = false;
  }

  select(keys: Iterable<string>, { add = false, sticky = false } = {}): void {
    this.state.sticky = sticky;
    if (!add) this.state.selected = new Set();
    for (const k of keys) this.state.selected.add(k);
    this.emit('selection');
  }

  toggle(key: string): void {
    if (this.state.selected.has(key)) this.state.selected.delete(key);
    else this.state.selected.add(key);
    if (!this.state.selected.size) this.state.sticky = false;
    this.emit('selection');
  }

  /** After a save: the server's fields (with real ids) become the new base; history starts again. */
  load({ fields: saved, version }: Pick<FieldsResponse, 'fields' | 'version'>): void {
    const selectedIds = new Set(this.selectedFields().map((f) => f.field_id));
    this.state.fields = saved.map(withKey);
    this.state.version = version;
    this.state.baseIds = new Set(saved.map((f) => f.field_id));
    this.state.selected = new Set(this.state.fields.filter((f) => selectedIds.has(f.field_id)).map((f) => f.key));
    this.state.undo = [];
    this.state.redo = [];
    this.state.dirty = false;
    this.emit('fields');
    this.emit('version');
  }

  /**
   * After a 409: puts the user's work on top of `latest`. Fields someone else added since our base join ours
   * after the field that precedes them in `latest` (where a reader meets them); ids that no longer exist become
   * new fields (their id is gone), and conditions on them are cleared, so nothing typed is lost.
   */
  rebase(latest: Pick<FieldsResponse, 'fields' | 'version'>): void {
    this.checkpoint();
    const { state } = this;
    const latestIds = new Set(latest.fields.map((f) => f.field_id));
    for (const f of state.fields) {
      if (f.field_id && !latestIds.has(f.field_id)) delete f.field_id;
      if (f.condition && !latestIds.has(f.condition.field_id)) f.condition = null;
    }
    latest.fields.forEach((f, i) => {
      if (state.baseIds.has(f.field_id)) return;
      const added = withKey(f);
      const before = latest.fields[i - 1];
      const at = before ? state.fields.findIndex((o) => o.field_id === before.field_id) : -1;
      state.fields.splice(at === -1 ? insertionIndex(state.fields, added) : at + 1, 0, added);
    });
    state.baseIds = latestIds;
    state.version = latest.version;
    state.dirty = true;
    this.emit('fields');
    this.emit('version');
  }
}

export function createStore(loaded: Pick<FieldsResponse, 'fields' | 'version'>): Store {
  return new Store(loaded);
}
