import type { FieldEntryDto } from './dto/template-edit.dto';
import { applyFieldEdits, FieldEditError, type FieldEditBase } from './field-edits';
import type { TemplateField } from './template-field';
import { templateField } from 'test/factories/fields.factory';

const field = (fieldId: string, kind: TemplateField['kind'], extra: Partial<TemplateField> = {}): TemplateField =>
  templateField(fieldId, {
    kind,
    choiceLabel: kind === 'text' || kind === 'date' ? null : fieldId,
    questionId: kind === 'select_one' ? 'q_surgery' : `q_${fieldId}`,
    confidence: 0.9,
    ...extra,
  });

const base: FieldEditBase = {
  version: 1,
  pageBoxes: [{ page: 1, box: [0, 0, 612, 792], rotate: 0 }],
  fields: [
    field('fld_yes', 'select_one'),
    field('fld_no', 'select_one'),
    field('fld_explain', 'text', { condition: { fieldId: 'fld_yes', equals: true } }),
    field('fld_zip', 'text', { format: 'zip' }),
    field('fld_dob', 'date'),
  ],
};

const ids = { field: () => 'fld_new', question: () => 'q_new' };

/** The base map as GET would return it, with `change` applied to the entry of one field. */
function entries(changes: Record<string, Partial<FieldEntryDto>> = {}, omitRules = false): FieldEntryDto[] {
  return base.fields.map((f) => {
    const entry: FieldEntryDto = {
      field_id: f.fieldId,
      kind: f.kind,
      page: 1,
      rect: [...f.rect],
      choice_label: f.choiceLabel,
      question_id: f.questionId,
    };
    if (!omitRules) {
      entry.format = f.format ?? null;
      entry.condition = f.condition ? { field_id: f.condition.fieldId, equals: true } : null;
    }
    return { ...entry, ...changes[f.fieldId] };
  });
}

function problems(body: FieldEntryDto[]): string[] {
  try {
    applyFieldEdits(base, body, ids);
  } catch (error) {
    if (error instanceof FieldEditError) return error.problems.map((p) => `${p.index}.${p.field}: ${p.message}`);
    throw error;
  }
  return [];
}

const on = (id: string) => ({ condition: { field_id: id, equals: true as const } });

describe('answer rules in PUT /templates/{id}/fields', () => {
  it('stores format and condition as sent, and clears them with null', () => {
    const out = applyFieldEdits(base, entries({ fld_dob: { format: 'birth_date', ...on('fld_no') } }), ids);
    expect(out[4]).toMatchObject({ format: 'birth_date', condition: { fieldId: 'fld_no', equals: true } });
    expect(out[2].condition).toEqual({ fieldId: 'fld_yes', equals: true });
    const cleared = applyFieldEdits(
      base,
      entries({ fld_explain: { condition: null }, fld_zip: { format: null } }),
      ids,
    );
    expect(cleared[2].condition).toBeNull();
    expect(cleared[3].format).toBeNull();
  });

  it('keeps the rules of kept fields when a body leaves them out, drops those the new map cannot hold', () => {
    const kept = applyFieldEdits(base, entries({}, true), ids);
    expect(kept[2].condition).toEqual({ fieldId: 'fld_yes', equals: true });
    expect(kept[3].format).toBe('zip');
    const withoutYes = entries({}, true).filter((e) => e.field_id !== 'fld_yes');
    withoutYes[0].question_id = 'q_other';
    withoutYes.unshift({
      kind: 'select_one',
      page: 1,
      rect: [10, 10, 20, 20],
      choice_label: 'Maybe',
      question_id: 'q_other',
    });
    const dropped = applyFieldEdits(base, withoutYes, ids);
    expect(dropped.find((f) => f.fieldId === 'fld_explain')?.condition).toBeNull();
    const asDate = applyFieldEdits(base, entries({ fld_zip: { kind: 'date', choice_label: null } }, true), ids);
    expect(asDate[3].format).toBeNull();
  });

  it('refuses, naming the entry, a condition on a missing, non-choice, own or later field', () => {
    expect(problems(entries({ fld_dob: on('fld_gone') }))).toEqual([
      '4.condition: names fld_gone, which is not a field of this form',
    ]);
    expect(problems(entries({ fld_dob: on('fld_zip') }))).toEqual([
      '4.condition: names fld_zip, a text field: it must be a choice option or check box',
    ]);
    expect(problems(entries({ fld_dob: on('fld_dob') }))).toEqual(['4.condition: names the field itself']);
    expect(problems(entries({ fld_yes: on('fld_no') }))).toEqual([
      '0.condition: names fld_no, which comes later in the field order',
    ]);
  });

  it('refuses a format that does not fit the kind', () => {
    expect(problems(entries({ fld_dob: { format: 'zip' } }))).toEqual([
      '4.format: zip does not fit a date field (text only)',
    ]);
    expect(problems(entries({ fld_zip: { format: 'birth_date' } }))).toEqual([
      '3.format: birth_date does not fit a text field (date only)',
    ]);
    expect(problems(entries({ fld_yes: { format: 'ssn' } }))).toEqual([
      '0.format: ssn does not fit a select_one field (text only)',
    ]);
  });
});
