import type { FillFormField } from '../fill-form.model';
import { renderFormPage } from './index';
import { initiallyInactive, pageRules } from './page-rules';

const field = (o: Partial<FillFormField>): FillFormField => ({
  field_id: 'x',
  kind: 'text',
  label: 'x',
  prompt: 'x',
  choice_label: null,
  question_id: `q_${o.field_id ?? 'x'}`,
  page: 1,
  required: false,
  locked: false,
  format: null,
  condition: null,
  ...o,
});

const FIELDS = [
  field({ field_id: 'name', label: 'Name' }),
  field({
    field_id: 'yes',
    kind: 'select_one',
    label: 'Yes',
    choice_label: 'Yes',
    prompt: 'Surgery?',
    question_id: 'q',
  }),
  field({ field_id: 'no', kind: 'select_one', label: 'No', choice_label: 'No', prompt: 'Surgery?', question_id: 'q' }),
  field({
    field_id: 'explain',
    label: 'If yes, explain',
    required: true,
    condition: { field_id: 'yes', equals: true },
  }),
  field({ field_id: 'zip', label: 'ZIP:', format: 'zip' }),
];

describe('answer rules in the rendered page', () => {
  it('sends the script the rules it applies: formats, checked kinds, conditions and their options', () => {
    expect(pageRules(FIELDS).map((r) => r.fieldId)).toEqual(['yes', 'explain', 'zip']);
    expect(pageRules(FIELDS)[1]).toEqual({
      fieldId: 'explain',
      kind: 'text',
      format: null,
      condition: { fieldId: 'yes', equals: true },
    });
  });

  it('renders a follow-up hidden until its option is ticked by prefill or draft', () => {
    expect([...initiallyInactive(FIELDS)]).toEqual(['explain']);
    const ticked = FIELDS.map((f) => (f.field_id === 'yes' ? { ...f, value: true } : f));
    expect(initiallyInactive(ticked).size).toBe(0);
    const page = renderFormPage({ short_code: 'abc', title: 'T', page_count: 1, fields: FIELDS });
    expect(page).toMatch(/<div class="field field--text" data-field-wrapper data-label="If yes, explain"[^>]* hidden>/);
    expect(page).toMatch(/data-label="ZIP"/); // the name messages use: no trailing colon
    expect(page).toContain('<script type="application/json" id="field-rules">');
    expect(page).toContain('id="field-announcer" aria-live="polite"');
    const resumed = renderFormPage(
      { short_code: 'abc', title: 'T', page_count: 1, fields: FIELDS },
      { draft: { answers: { yes: true, no: false }, signatures: {}, step: 0 } },
    );
    expect(resumed).not.toMatch(/data-label="If yes, explain"[^>]* hidden>/);
  });
});
