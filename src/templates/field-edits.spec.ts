import type { FieldEntryDto } from './dto/template-edit.dto';
import { applyFieldEdits, FieldEditError, type FieldEditBase } from './field-edits';
import type { TemplateField } from './template-field';
import { templateField } from 'test/factories/fields.factory';

const text = (fieldId: string, rect: [number, number, number, number], extra: Partial<TemplateField> = {}) =>
  templateField(fieldId, { rect, confidence: 0.5, ...extra });

const base: FieldEditBase = {
  version: 3,
  pageBoxes: [
    { page: 1, box: [0, 0, 612, 792], rotate: 0 },
    { page: 2, box: [0, 0, 612, 792], rotate: 0 },
  ],
  fields: [
    text('fld_a', [72, 700, 300, 714], { acroform: { fieldName: 'name', widgetIndex: 0 }, maxLength: 20 }),
    text('fld_off', [600, 700, 640, 714]),
    { ...text('fld_yes', [72, 600, 84, 612]), kind: 'select_one', choiceLabel: 'Yes', questionId: 'q_smoke' },
    { ...text('fld_no', [120, 600, 132, 612]), kind: 'select_one', choiceLabel: 'No', questionId: 'q_smoke' },
  ],
};

let counter = 0;
const ids = { field: () => `fld_new${++counter}`, question: () => `q_new${++counter}` };

const entry = (e: Partial<FieldEntryDto>): FieldEntryDto => ({ kind: 'text', page: 1, rect: [10, 10, 50, 20], ...e });

function problems(entries: FieldEntryDto[]): string[] {
  try {
    applyFieldEdits(base, entries, ids);
  } catch (error) {
    if (error instanceof FieldEditError) return error.problems.map((p) => `${p.index}.${p.field}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('applyFieldEdits', () => {
  it('keeps ids of kept fields, gives new ids to new ones, drops left-out fields', () => {
    const out = applyFieldEdits(base, [entry({ field_id: 'fld_a', rect: [72, 700, 300, 714] }), entry({})], ids);
    expect(out.map((f) => f.fieldId)).toEqual(['fld_a', expect.stringMatching(/^fld_new/)]);
    expect(out[1].confidence).toBe(1);
    expect(out[0].confidence).toBe(0.5);
  });

  it('keeps the AcroForm binding of a kept field in place, drops it when the field moves', () => {
    const still = applyFieldEdits(base, [entry({ field_id: 'fld_a', rect: [72, 700, 300, 714] })], ids)[0];
    expect(still.acroform).toEqual({ fieldName: 'name', widgetIndex: 0 });
    expect(still.maxLength).toBe(20);
    const moved = applyFieldEdits(base, [entry({ field_id: 'fld_a', rect: [72, 650, 300, 664] })], ids)[0];
    expect(moved.acroform).toBeUndefined();
    expect(moved.rect).toEqual([72, 650, 300, 664]);
    const rekinded = applyFieldEdits(
      base,
      [entry({ field_id: 'fld_a', kind: 'date', rect: [72, 700, 300, 714] })],
      ids,
    );
    expect(rekinded[0].acroform).toBeUndefined();
  });

  it('keeps existing question ids and replaces new strings by one new id per string', () => {
    const out = applyFieldEdits(
      base,
      [
        entry({ field_id: 'fld_yes', kind: 'select_one', choice_label: 'Yes', question_id: 'q_smoke' }),
        entry({ field_id: 'fld_no', kind: 'select_one', choice_label: 'No', question_id: 'q_smoke' }),
        entry({ kind: 'select_many', choice_label: 'A', question_id: 'mine' }),
        entry({ kind: 'select_many', choice_label: 'B', question_id: 'mine' }),
      ],
      ids,
    );
    expect(out[0].questionId).toBe('q_smoke');
    expect(out[1].questionId).toBe('q_smoke');
    expect(out[2].questionId).toMatch(/^q_new/);
    expect(out[3].questionId).toBe(out[2].questionId);
    expect(out[2].mark).toBe('check');
  });

  it("gives every other field a question id of its own: kept when it was the base version's, else new", () => {
    const out = applyFieldEdits(
      base,
      [
        entry({ field_id: 'fld_a', rect: [72, 700, 300, 714], question_id: 'q_fld_a' }),
        entry({ rect: [72, 600, 300, 614] }),
        entry({ kind: 'checkbox', choice_label: 'I agree', rect: [72, 500, 84, 512], question_id: 'mine' }),
      ],
      ids,
    );
    expect(out[0].questionId).toBe('q_fld_a');
    expect(out[1].questionId).toMatch(/^q_new/);
    expect(out[2].questionId).toMatch(/^q_new/);
    expect(out[2].questionId).not.toBe(out[1].questionId);
    expect(out.map((f) => f.questionKey)).toEqual([null, null, null]);
  });

  it('accepts a rect exactly on the page edge and refuses one a point beyond', () => {
    expect(problems([entry({ rect: [0, 0, 612, 792] })])).toEqual([]);
    expect(problems([entry({ rect: [0, 0, 612.5, 792] })])).toEqual([
      '0.rect: [0, 0, 612.5, 792] is off page 1 [0, 0, 612, 792]',
    ]);
    expect(problems([entry({ rect: [-1, 0, 10, 10] })])[0]).toContain('off page 1');
    expect(problems([entry({ rect: [50, 10, 10, 20] })])[0]).toContain('x1 < x2');
  });

  it('lets an unchanged stored rect stay even when detection put it off the page', () => {
    expect(problems([entry({ field_id: 'fld_off', rect: [600, 700, 640, 714] })])).toEqual([]);
    expect(problems([entry({ field_id: 'fld_off', rect: [601, 700, 640, 714] })])[0]).toContain('off page');
  });

  it('refuses a page beyond the PDF, a repeated or unknown field_id', () => {
    expect(problems([entry({ page: 3 })])).toEqual(['0.page: the PDF has 2 page(s)']);
    expect(problems([entry({ field_id: 'fld_a' }), entry({ field_id: 'fld_a' })])).toEqual([
      '1.field_id: repeats fields[0]',
    ]);
    expect(problems([entry({ field_id: 'fld_zzz' })])[0]).toContain('is not a field of version 3');
  });

  it('refuses select fields without choice_label or question_id, and a question id shared with another kind', () => {
    expect(
      problems([
        entry({ kind: 'select_many', question_id: 'x' }),
        entry({ kind: 'select_many', choice_label: 'b', question_id: 'x' }),
      ]),
    ).toEqual(['0.choice_label: a select_many field needs its option text']);
    expect(problems([entry({ kind: 'select_many', choice_label: 'A' })])[0]).toContain(
      '0.question_id: a select_many field needs',
    );
    expect(problems([entry({ question_id: 'x' })])).toEqual([]);
    expect(
      problems([
        entry({ question_id: 'x' }),
        entry({ kind: 'select_many', choice_label: 'A', question_id: 'x' }),
        entry({ kind: 'select_many', choice_label: 'B', question_id: 'x' }),
      ]),
    ).toEqual([
      '1.question_id: "x" is the question of fields[0], a text field: only select_one and select_many options share a question',
    ]);
    expect(
      problems([entry({ kind: 'checkbox', choice_label: 'Yes', question_id: 'x' }), entry({ question_id: 'x' })]),
    ).toHaveLength(1);
    expect(problems([entry({ choice_label: 'A' })])[0]).toContain('0.choice_label: a text field has no option text');
  });

  it('refuses a select_one question with one option, and mixed kinds in one question', () => {
    expect(problems([entry({ kind: 'select_one', choice_label: 'Yes', question_id: 'q' })])).toEqual([
      '0.question_id: a select_one question needs at least two options; only this entry has "q"',
    ]);
    expect(
      problems([
        entry({ kind: 'select_one', choice_label: 'A', question_id: 'q' }),
        entry({ kind: 'select_many', choice_label: 'B', question_id: 'q' }),
      ]),
    ).toEqual(['1.kind: options of question "q" must share one kind (fields[0] is select_one)']);
  });
});
