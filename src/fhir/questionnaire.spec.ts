import type { QuestionnaireItem } from '@medplum/fhirtypes';
import { expectValidFhir } from 'test/utils/fhir';
import { toQuestionnaire, type QuestionnaireSource } from './questionnaire';
import { BASE_URL, field, intakeFields, option, TEMPLATE_ID, URL } from './test-support';
import type { FhirField } from './outline';

const source = (fields: FhirField[], more: Partial<QuestionnaireSource> = {}): QuestionnaireSource => ({
  baseUrl: `${BASE_URL}/`,
  templateId: TEMPLATE_ID,
  title: 'New patient intake',
  retired: false,
  version: 3,
  createdAt: new Date('2026-11-20T09:30:00.000Z'),
  fields,
  ...more,
});

/** Every item, groups opened, by linkId. */
function byLinkId(items: QuestionnaireItem[] = []): Map<string, QuestionnaireItem> {
  const out = new Map<string, QuestionnaireItem>();
  for (const item of items) {
    out.set(item.linkId, item);
    for (const [k, v] of byLinkId(item.item)) out.set(k, v);
  }
  return out;
}

const coding = (code: string, display: string) => ({ system: `${URL}/options`, code, display });

describe('toQuestionnaire', () => {
  it('names the resource after the template and version, with its canonical url, status and date', () => {
    const q = toQuestionnaire(source(intakeFields()));
    expect(q).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'tpl-5fT2kQ9wLm3Rx7Yb1Nc8Dz-3',
      url: URL,
      version: '3',
      title: 'New patient intake',
      status: 'active',
      date: '2026-11-20T09:30:00.000Z',
    });
    expect(toQuestionnaire(source(intakeFields(), { retired: true })).status).toBe('retired');
    expectValidFhir(q);
  });

  it("follows the field map's order: one group per section, fields with no section at the top level", () => {
    const q = toQuestionnaire(source(intakeFields()));
    expect(q.item!.map((i) => [i.linkId, i.type, i.text])).toEqual([
      ['fld_clinic', 'string', 'Clinic use only'],
      ['section-1', 'group', 'Patient information'],
      ['section-2', 'group', 'Medical history'],
      ['fld_consent', 'boolean', 'I consent to treatment'],
      ['fld_initials', 'string', 'Initials'],
    ]);
    expect(q.item![1].item!.map((i) => i.linkId)).toEqual(['fld_name', 'fld_dob', 'fld_phone', 'fld_email', 'q_sex']);
    expect(q.item![2].item!.map((i) => i.linkId)).toEqual([
      'fld_weight',
      'q_smoke',
      'fld_packs',
      'q_cond',
      'fld_cond_explain',
      'fld_notes',
    ]);
  });

  it('maps each kind to its item type, options to valueCodings, and leaves signatures out', () => {
    const items = byLinkId(toQuestionnaire(source(intakeFields())).item);
    expect(items.get('fld_name')).toEqual({ linkId: 'fld_name', text: 'Full name', type: 'string', required: true });
    expect(items.get('fld_dob')).toMatchObject({ type: 'date', required: true });
    expect(items.get('fld_phone')).toMatchObject({ type: 'string', required: false });
    expect(items.get('fld_email')).toMatchObject({ type: 'string' });
    expect(items.get('fld_weight')).toMatchObject({ type: 'decimal' });
    expect(items.get('fld_notes')).toMatchObject({ type: 'text', text: 'Notes' });
    expect(items.get('fld_consent')).toMatchObject({ type: 'boolean', required: true });
    expect(items.get('fld_initials')).toMatchObject({ type: 'string' });
    expect(items.get('q_sex')).toEqual({
      linkId: 'q_sex',
      text: 'Sex',
      type: 'choice',
      required: false,
      answerOption: [{ valueCoding: coding('fld_sex_f', 'Female') }, { valueCoding: coding('fld_sex_m', 'Male') }],
    });
    expect(items.get('q_cond')).toMatchObject({ type: 'choice', repeats: true });
    expect(items.get('q_cond')!.answerOption!.map((o) => o.valueCoding!.code)).toEqual([
      'fld_cond_asthma',
      'fld_cond_diab',
      'fld_cond_other',
    ]);
    expect(items.has('fld_sign')).toBe(false);
    expect(items.has('fld_sex_f')).toBe(false);
  });

  it('turns conditions into enableWhen: answerCoding for an option, answerBoolean for a stand-alone box', () => {
    const items = byLinkId(toQuestionnaire(source(intakeFields())).item);
    expect(items.get('fld_packs')).toMatchObject({
      enableWhen: [{ question: 'q_smoke', operator: '=', answerCoding: coding('fld_smoke_y', 'Yes') }],
      enableBehavior: 'any',
    });
    expect(items.get('fld_cond_explain')!.enableWhen).toEqual([
      { question: 'q_cond', operator: '=', answerCoding: coding('fld_cond_other', 'Other') },
    ]);
    expect(items.get('fld_initials')).toMatchObject({
      enableWhen: [{ question: 'fld_consent', operator: '=', answerBoolean: true }],
      enableBehavior: 'any',
    });
    expect(items.get('fld_name')!.enableWhen).toBeUndefined();
  });

  it('uses string question ids as linkIds, and joins the conditions of several options with enableBehavior any', () => {
    const fields = [
      field('fld_consent', 'checkbox', { questionId: 'q_consent', prompt: 'I agree' }),
      option('fld_pain_mild', 'select_one', 'q_pain', 'Mild', { prompt: 'Pain' }),
      option('fld_pain_severe', 'select_one', 'q_pain', 'Severe', { prompt: 'Pain' }),
      option('fld_why_a', 'select_many', 'q_why', 'Work', {
        prompt: 'Why?',
        condition: { fieldId: 'fld_pain_mild', equals: true },
      }),
      option('fld_why_b', 'select_many', 'q_why', 'Sport', {
        prompt: 'Why?',
        condition: { fieldId: 'fld_pain_severe', equals: true },
      }),
      field('fld_more', 'text', { questionId: 'q_more', condition: { fieldId: 'fld_consent', equals: true } }),
    ];
    const q = toQuestionnaire(source(fields));
    const items = byLinkId(q.item);
    expect([...items.keys()]).toEqual(['q_consent', 'q_pain', 'q_why', 'q_more']);
    expect(items.get('q_consent')).toMatchObject({ type: 'boolean' });
    expect(items.get('q_why')).toMatchObject({
      enableBehavior: 'any',
      enableWhen: [
        { question: 'q_pain', operator: '=', answerCoding: coding('fld_pain_mild', 'Mild') },
        { question: 'q_pain', operator: '=', answerCoding: coding('fld_pain_severe', 'Severe') },
      ],
    });
    expect(items.get('q_more')!.enableWhen).toEqual([{ question: 'q_consent', operator: '=', answerBoolean: true }]);
    expectValidFhir(q);
  });

  it('leaves out conditions FHIR cannot say, empty sections, empty texts and control characters', () => {
    const fields = [
      field('fld_a', 'text', { prompt: ' Name\u0007 ', condition: { fieldId: 'fld_gone', equals: true } }),
      field('fld_b', 'text', { prompt: '', label: '', condition: { fieldId: 'fld_a', equals: true } }),
      option('fld_c', 'select_many', 'q_c', 'Only', {
        prompt: 'Lone box',
        condition: { fieldId: 'fld_c', equals: true },
      }),
      field('fld_sig', 'signature', { section: 'Signatures' }),
      option('fld_d', 'select_one', 'q_d', '', { prompt: 'Unlabelled', label: '' }),
      option('fld_e', 'select_one', 'q_d', '  ', { prompt: 'Unlabelled', label: 'E' }),
    ];
    const q = toQuestionnaire(source(fields, { title: '  ' }));
    expect(q.title).toBeUndefined();
    expect(q.item).toEqual([
      { linkId: 'fld_a', text: 'Name', type: 'string', required: false },
      { linkId: 'fld_b', type: 'string', required: false },
      {
        linkId: 'q_c',
        text: 'Lone box',
        type: 'choice',
        required: false,
        repeats: true,
        answerOption: [{ valueCoding: coding('fld_c', 'Only') }],
      },
      {
        linkId: 'q_d',
        text: 'Unlabelled',
        type: 'choice',
        required: false,
        answerOption: [
          { valueCoding: { system: `${URL}/options`, code: 'fld_d' } },
          { valueCoding: coding('fld_e', 'E') },
        ],
      },
    ]);
    expectValidFhir(q);
  });

  it('makes one group of a heading that comes back, spaced alike or not, where it first stands', () => {
    const fields = [
      field('fld_a', 'text', { section: 'Insurance  details' }),
      field('fld_b', 'text'),
      field('fld_c', 'text', { section: 'Insurance details ' }),
      field('fld_d', 'text', { section: 'Pharmacy' }),
    ];
    const q = toQuestionnaire(source(fields));
    expect(q.item!.map((i) => [i.linkId, i.text, i.item?.map((c) => c.linkId)])).toEqual([
      ['section-1', 'Insurance  details', ['fld_a', 'fld_c']],
      ['fld_b', 'fld_b', undefined],
      ['section-2', 'Pharmacy', ['fld_d']],
    ]);
    expectValidFhir(q);
  });

  it('treats a null question_id as the field itself, and a form of signatures only as no items', () => {
    const lone = toQuestionnaire(source([field('fld_x', 'select_many', { choiceLabel: 'Yes', prompt: 'Agree?' })]));
    expect(lone.item).toEqual([
      expect.objectContaining({
        linkId: 'fld_x',
        type: 'choice',
        answerOption: [{ valueCoding: coding('fld_x', 'Yes') }],
      }),
    ]);
    const signed = toQuestionnaire(source([field('fld_sig', 'signature', { section: 'Sign here' })]));
    expect(signed.item).toBeUndefined();
    expectValidFhir(lone);
    expectValidFhir(signed);
  });
});
