import { LOW_CONFIDENCE } from '../../../src/shared/constants';
import { Store, flagsOf, insertionIndex } from './store';
import type { WireField } from './types';

let n = 0;
function wire(over: Partial<WireField> = {}): WireField {
  n += 1;
  return {
    field_id: `fld_${n}`,
    kind: 'text',
    prompt: `Field ${n}`,
    label: `Field ${n}`,
    choice_label: null,
    question_id: `q_${n}`,
    page: 1,
    rect: [72, 700 - n * 20, 200, 714 - n * 20],
    required: false,
    section: '',
    prefillable: true,
    confidence: 1,
    format: null,
    condition: null,
    ...over,
  };
}

/** Two columns: detection reads the left column top to bottom, then the right one. */
function twoColumns(): WireField[] {
  return [
    wire({ field_id: 'L1', rect: [50, 700, 250, 714] }),
    wire({ field_id: 'L2', label: 'Left 2', rect: [50, 680, 250, 694] }),
    wire({ field_id: 'R1', rect: [320, 700, 520, 714] }),
    wire({ field_id: 'R2', rect: [320, 680, 520, 694] }),
  ];
}

const ids = (store: Store): (string | undefined)[] => store.ordered().map((f) => f.field_id);

describe('the editor store', () => {
  it('keeps the field map order (two columns), also after moving a field', () => {
    const store = new Store({ fields: twoColumns(), version: 1 });
    expect(ids(store)).toEqual(['L1', 'L2', 'R1', 'R2']);
    store.change((fields) => (fields[3].rect = [50, 760, 250, 774])); // R2 dragged to the top left
    expect(ids(store)).toEqual(['L1', 'L2', 'R1', 'R2']);
  });

  it('puts a drawn field before the first later line of its page, after the page otherwise', () => {
    const fields = twoColumns();
    expect(insertionIndex(fields, { page: 1, rect: [50, 690, 250, 704] })).toBe(1); // above L2's line
    expect(insertionIndex(fields, { page: 1, rect: [50, 100, 250, 114] })).toBe(4);
    expect(insertionIndex([...fields, wire({ page: 2 })], { page: 1, rect: [50, 10, 90, 20] })).toBe(4);
    const store = new Store({ fields, version: 1 });
    const added = store.add({ ...wire({ rect: [50, 600, 250, 614] }), field_id: undefined });
    expect(store.ordered().indexOf(store.byKey(added.key)!)).toBe(4);
  });

  it('undoes and redoes one gesture at a time, and a new change drops the redo history', () => {
    const store = new Store({ fields: [wire({ field_id: 'a', label: 'A' })], version: 1 });
    store.change((fields) => (fields[0].label = 'B'));
    store.change((fields) => (fields[0].label = 'BC'), { checkpoint: false }); // same gesture (typing)
    store.change((fields) => (fields[0].required = true));
    store.undo();
    expect(store.state.fields[0]).toMatchObject({ label: 'BC', required: false });
    store.undo();
    expect(store.state.fields[0].label).toBe('A');
    store.undo(); // nothing left: no change
    expect(store.state.fields[0].label).toBe('A');
    store.redo();
    expect(store.state.fields[0].label).toBe('BC');
    store.change((fields) => (fields[0].label = 'D'));
    expect(store.state.redo).toHaveLength(0);
    store.redo();
    expect(store.state.fields[0].label).toBe('D');
    expect(store.state.dirty).toBe(true);
  });

  it('drops a deleted field from the selection, also through undo', () => {
    const store = new Store({ fields: [wire({ field_id: 'a' })], version: 1 });
    const added = store.add({ ...wire(), field_id: undefined });
    store.select([added.key]);
    store.undo();
    expect(store.state.selected.size).toBe(0);
  });

  it('flags low confidence below the server review threshold, and fields with no text', () => {
    expect(flagsOf({ confidence: LOW_CONFIDENCE - 0.01, label: 'x', prompt: '' })).toEqual(['low confidence']);
    expect(flagsOf({ confidence: LOW_CONFIDENCE, label: 'x', prompt: '' })).toEqual([]);
    expect(flagsOf({ confidence: 0.65, label: 'x', prompt: '' })).toEqual(['low confidence']); // was missed at 0.6
    expect(flagsOf({ label: ' ', prompt: '' })).toEqual(['no label']);
  });

  it('clears a condition whose option is deleted or stops being a choice', () => {
    const yes = wire({ field_id: 'yes', kind: 'checkbox', choice_label: 'Yes' });
    const explain = wire({ field_id: 'explain', condition: { field_id: 'yes', equals: true } });
    const store = new Store({ fields: [yes, explain], version: 1 });
    store.change((fields) => (fields[0].kind = 'text'));
    expect(store.state.fields[1].condition).toBeNull();
    store.undo();
    expect(store.state.fields[1].condition).toEqual({ field_id: 'yes', equals: true });
    store.change((fields) => fields.splice(0, 1));
    expect(store.state.fields[0].condition).toBeNull();
  });

  it('rebases on a newer version: keeps our edits, adds theirs where they stand, orphans vanished ids', () => {
    const base = twoColumns();
    const store = new Store({ fields: base, version: 3 });
    store.change((fields) => (fields[0].label = 'Ours'));
    // Someone else saved version 4: deleted L2, added X after R1.
    const latest = [base[0], base[2], wire({ field_id: 'X', label: 'Theirs' }), base[3]];
    store.rebase({ fields: latest, version: 4 });
    expect(store.state.version).toBe(4);
    expect(store.ordered().map((f) => f.field_id ?? `new:${f.label}`)).toEqual(['L1', 'new:Left 2', 'R1', 'X', 'R2']);
    expect(store.state.fields[0].label).toBe('Ours');
    expect(store.state.dirty).toBe(true);
    store.undo(); // the rebase is one undo step
    expect(ids(store)).toEqual(['L1', 'L2', 'R1', 'R2']);
  });
});
