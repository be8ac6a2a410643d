import type { Rect } from '../shared/field-map';
import { carryOver, iou, matchFields, staffEdits } from './reimport-carry-over';
import type { TemplateField } from './template-field';
import { templateField } from 'test/factories/fields.factory';

const field = (fieldId: string, rect: Rect, extra: Partial<TemplateField> = {}): TemplateField =>
  templateField(fieldId, { rect, confidence: 0.8, format: null, condition: null, ...extra });
const option = (fieldId: string, rect: Rect, choiceLabel: string, questionId: string, prompt = 'Do you smoke?') =>
  field(fieldId, rect, {
    kind: 'select_one',
    label: choiceLabel,
    prompt,
    choiceLabel,
    questionId,
    questionKey: questionId,
  });

/** Version 1 as detected: a name blank, a date blank, a Yes/No question and a follow-up blank. */
const v1 = [
  field('f1_name', [72, 700, 300, 714], { label: 'Name' }),
  field('f1_dob', [72, 670, 300, 684], { label: 'Date of brith', section: 'Patient' }),
  option('f1_yes', [72, 600, 84, 612], 'Yes', 'q1'),
  option('f1_no', [120, 600, 132, 612], 'No', 'q1'),
  field('f1_explain', [72, 570, 300, 584], { label: 'Explain' }),
];
/** Version 2, staff's edit of version 1: a label fixed, required set, a kind changed, a condition added. */
const v2 = [
  { ...v1[0], required: true },
  { ...v1[1], label: 'Date of birth', kind: 'date' as const },
  v1[2],
  v1[3],
  { ...v1[4], condition: { fieldId: 'f1_yes', equals: true as const } },
];
/** Version 3 detected from a revised PDF: everything moved down 2 pt, the follow-up blank gone. */
const moved = (f: TemplateField, id: string): TemplateField => ({
  ...f,
  fieldId: id,
  rect: [f.rect[0], f.rect[1] - 2, f.rect[2], f.rect[3] - 2],
  questionId: f.questionKey ? 'q3' : `q_${id}`,
  questionKey: f.questionKey ? 'q3' : null,
});
const ids = () => {
  let n = 0;
  return () => `q_new${++n}`;
};

describe('iou', () => {
  it('is 1 for the same rect, 0 apart, and the overlap over the union otherwise', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
  });
});

describe('staffEdits', () => {
  it('finds what staff changed against the detected version, field by field', () => {
    const edits = staffEdits(v1, v2);
    expect(edits.map((e) => [e.field.fieldId, e.properties])).toEqual([
      ['f1_name', ['required']],
      ['f1_dob', ['label', 'kind']],
      ['f1_explain', ['condition']],
    ]);
  });

  it('counts a field staff added as edited in every property, and a carried-over property as still edited', () => {
    const added = field('f2_added', [72, 400, 300, 414], { label: 'Allergies' });
    const carried = { ...v1[0], carried: ['required' as const], required: true };
    const edits = staffEdits([carried], [carried, added]);
    expect(edits[0].properties).toEqual(['required']);
    expect(edits[1].properties).toEqual(
      expect.arrayContaining(['label', 'prompt', 'kind', 'choiceLabel', 'required', 'format', 'condition']),
    );
  });

  it('sees a regrouped question', () => {
    const split = [v1[0], v1[1], { ...v1[2], questionId: 'q_a' }, { ...v1[3], questionId: 'q_b' }, v1[4]];
    expect(staffEdits(v1, split).map((e) => [e.field.fieldId, e.properties])).toEqual([
      ['f1_yes', ['grouping']],
      ['f1_no', ['grouping']],
    ]);
  });
});

describe('matchFields', () => {
  it('matches by overlapping rects on the same page (IoU >= 0.5), one to one', () => {
    const incoming = [moved(v1[0], 'n_name'), field('n_far', [400, 100, 500, 114], { label: 'Other' })];
    expect([...matchFields(incoming, v2, v1)]).toEqual([[0, 0]]);
  });

  it('does not match rects overlapping less than half, nor the same rect on another page', () => {
    const shifted = field('n', [200, 700, 428, 714], { label: 'Something else' });
    const otherPage = field('m', [72, 700, 300, 714], { label: 'Something else', page: 2 });
    expect(matchFields([shifted, otherPage], v2, v1).size).toBe(0);
  });

  it('matches by the printed label in the same section, wherever the field went', () => {
    // Staff renamed "Date of brith"; the new PDF prints the same typo, on page 2.
    const relocated = field('n_dob', [72, 300, 300, 314], { label: 'Date of brith', section: 'Patient', page: 2 });
    expect([...matchFields([relocated], v2, v1)]).toEqual([[0, 1]]);
    const otherSection = { ...relocated, section: 'Guarantor' };
    expect(matchFields([otherSection], v2, v1).size).toBe(0);
  });

  it('never matches by a label repeated in the section (which "Yes" is which?)', () => {
    const latest = [
      option('a', [72, 600, 84, 612], 'Yes', 'q1', 'Q'),
      option('b', [72, 500, 84, 512], 'Yes', 'q2', 'Q'),
    ];
    const incoming = [option('n', [300, 300, 312, 312], 'Yes', 'q9', 'Q')];
    expect(matchFields(incoming, latest, latest).size).toBe(0);
  });
});

describe('carryOver', () => {
  it('carries each edit to the matching new field, with new ids, and reports the edit that found no field', () => {
    const incoming = v1.slice(0, 4).map((f, i) => moved(f, `n${i}`));
    const result = carryOver({ detected: v1, latest: v2, incoming }, ids());
    expect(result.carriedOver).toBe(2);
    expect(result.fields.map((f) => f.fieldId)).toEqual(['n0', 'n1', 'n2', 'n3']);
    expect(result.fields[0]).toMatchObject({ label: 'Name', required: true, carried: ['required'] });
    expect(result.fields[1]).toMatchObject({
      label: 'Date of birth',
      kind: 'date',
      printedLabel: 'Date of brith',
      carried: ['label', 'kind'],
    });
    expect(result.fields[2]).toMatchObject({ label: 'Yes', questionId: 'q3' });
    expect(result.fields[2].carried).toBeUndefined();
    expect(result.reasons).toEqual(['Page 1: the edit of "Explain" found no field in the new version']);
    expect(incoming[1].label).toBe('Date of brith');
  });

  it("rewrites a carried condition to the new id of its option, or reports it when the option didn't match", () => {
    const incoming = v1.map((f, i) => moved(f, `n${i}`));
    const carried = carryOver({ detected: v1, latest: v2, incoming }, ids());
    expect(carried.fields[4].condition).toEqual({ fieldId: 'n2', equals: true });
    expect(carried.reasons).toEqual([]);

    const withoutOptions = [moved(v1[4], 'n4')];
    const lost = carryOver({ detected: v1, latest: v2, incoming: withoutOptions }, ids());
    expect(lost.fields[0].condition).toBeNull();
    expect(lost.reasons).toContain('Page 1: the condition of "Explain" names a field with no match in the new version');
  });

  it('keeps carried edits across a second re-import with no edit in between', () => {
    const first = carryOver({ detected: v1, latest: v2, incoming: v1.map((f, i) => moved(f, `n${i}`)) }, ids());
    const again = first.fields.map((f, i) => ({
      ...moved({ ...f, label: f.printedLabel ?? f.label, kind: i === 1 ? 'text' : f.kind }, `m${i}`),
      carried: undefined,
      printedLabel: undefined,
      required: false,
      condition: null,
    }));
    const second = carryOver({ detected: first.fields, latest: first.fields, incoming: again }, ids());
    expect(second.carriedOver).toBe(3);
    expect(second.fields[1]).toMatchObject({ label: 'Date of birth', kind: 'date' });
    expect(second.fields[0].required).toBe(true);
    expect(second.fields[4].condition).toEqual({ fieldId: 'm2', equals: true });
  });

  it('gives the options staff grouped into one question one new question id', () => {
    const lone = [
      field('a', [72, 600, 84, 612], { kind: 'checkbox', label: 'Yes', choiceLabel: 'Yes' }),
      field('b', [120, 600, 132, 612], { kind: 'checkbox', label: 'No', choiceLabel: 'No' }),
    ];
    const grouped = [option('a', lone[0].rect, 'Yes', 'q_staff'), option('b', lone[1].rect, 'No', 'q_staff')];
    const result = carryOver(
      { detected: lone, latest: grouped, incoming: lone.map((f, i) => moved(f, `n${i}`)) },
      () => 'q_new',
    );
    expect(result.fields.map((f) => [f.kind, f.questionId])).toEqual([
      ['select_one', 'q_new'],
      ['select_one', 'q_new'],
    ]);
    expect(result.carriedOver).toBe(2);
  });

  it('changes nothing when staff edited nothing', () => {
    const incoming = v1.map((f, i) => moved(f, `n${i}`));
    expect(carryOver({ detected: v1, latest: v1, incoming }, ids())).toEqual({
      fields: incoming,
      carriedOver: 0,
      reasons: [],
    });
  });

  it('caps the unmatched-edit reasons at ten', () => {
    const added = Array.from({ length: 14 }, (_, i) =>
      field(`s${i}`, [10, i * 20, 50, i * 20 + 10], { label: `L${i}` }),
    );
    const result = carryOver({ detected: [], latest: added, incoming: [] }, ids());
    expect(result.reasons).toHaveLength(10);
    expect(result.reasons.at(-1)).toBe('5 more edits found no field in the new version');
  });
});
