import { conditionRefusal, conditionText } from './conditions';
import { Store } from './store';
import type { WireField } from './types';

const wire = (id: string, over: Partial<WireField> = {}): WireField => ({
  field_id: id,
  kind: 'text',
  prompt: id,
  label: id,
  choice_label: null,
  question_id: id,
  page: 1,
  rect: [10, 10, 100, 24],
  required: false,
  section: '',
  prefillable: true,
  confidence: 1,
  format: null,
  condition: null,
  ...over,
});

describe('conditions in the editor', () => {
  const store = new Store({
    version: 1,
    fields: [
      wire('yes', { kind: 'select_one', prompt: 'Surgery?', label: 'Yes', choice_label: 'Yes', question_id: 'q' }),
      wire('no', { kind: 'select_one', prompt: 'Surgery?', label: 'No', choice_label: 'No', question_id: 'q' }),
      wire('explain', { condition: { field_id: 'yes', equals: true } }),
      wire('later', { kind: 'checkbox', label: 'Other', choice_label: 'Other', page: 2 }),
    ],
  });
  const [yes, , explain, later] = store.state.fields;

  it('refuses what the server refuses: itself, a non-choice, a later option, an unsaved one', () => {
    expect(conditionRefusal(explain, yes, store.state.fields)).toBeNull();
    expect(conditionRefusal(explain, explain, store.state.fields)).toBe('A field cannot depend on itself.');
    expect(conditionRefusal(yes, explain, store.state.fields)).toBe('Pick a choice option or a check box.');
    expect(conditionRefusal(explain, later, store.state.fields)).toMatch(/comes before this field/);
    expect(conditionRefusal(explain, { ...yes, field_id: undefined }, store.state.fields)).toMatch(/Save first/);
  });

  it('says which option shows a field, and where', () => {
    expect(conditionText(explain, store.state.fields)).toBe('Shown only when “Yes” (Surgery?) is ticked.');
    expect(conditionText(yes, store.state.fields)).toBe('Always shown.');
    const onPage2 = { ...explain, page: 2 };
    expect(conditionText(onPage2, store.state.fields)).toBe('Shown only when “Yes” (Surgery?) on page 1 is ticked.');
  });

  it('undoes a condition set or cleared like any edit', () => {
    store.change((fields) => (fields[2].condition = null));
    expect(store.state.fields[2].condition).toBeNull();
    store.undo();
    expect(store.state.fields[2].condition).toEqual({ field_id: 'yes', equals: true });
  });
});
