/** Field maps for the FHIR mapping's specs: small, hand-made, one of each kind the mapping treats apart. */
import type { FieldKind } from '../shared/field-map';
import type { FhirField } from './outline';

export const BASE_URL = 'https://forms.example.com';
export const TEMPLATE_ID = 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz';
export const URL = `${BASE_URL}/fhir/Questionnaire/${TEMPLATE_ID}`;

/** A field of `kind` with id `id`; choice options pass their question and option text. */
export function field(id: string, kind: FieldKind, more: Partial<FhirField> = {}): FhirField {
  return {
    fieldId: id,
    questionId: id,
    questionKey: null,
    kind,
    page: 1,
    rect: [72, 700, 300, 714],
    label: more.prompt ?? id,
    prompt: id,
    choiceLabel: null,
    required: false,
    confidence: 1,
    section: '',
    ...more,
  };
}

export function option(
  id: string,
  kind: FieldKind,
  questionId: string,
  choiceLabel: string,
  more: Partial<FhirField> = {},
): FhirField {
  return field(id, kind, { questionId, questionKey: questionId, choiceLabel, label: choiceLabel, ...more });
}

/** An intake form: two sections, a field with none, every kind, two conditions and a signature. */
export function intakeFields(): FhirField[] {
  const patient = { section: 'Patient information' };
  const history = { section: 'Medical history ' };
  return [
    field('fld_clinic', 'text', { prompt: 'Clinic use only' }),
    field('fld_name', 'text', { ...patient, prompt: 'Full name', required: true }),
    field('fld_dob', 'date', { ...patient, prompt: 'Date of birth', required: true }),
    field('fld_phone', 'phone', { ...patient, prompt: 'Phone' }),
    field('fld_email', 'email', { ...patient, prompt: 'Email' }),
    option('fld_sex_f', 'select_one', 'q_sex', 'Female', { ...patient, prompt: 'Sex' }),
    option('fld_sex_m', 'select_one', 'q_sex', 'Male', { ...patient, prompt: 'Sex' }),
    field('fld_weight', 'number', { ...history, prompt: 'Weight (lb)' }),
    option('fld_smoke_y', 'select_one', 'q_smoke', 'Yes', { ...history, prompt: 'Do you smoke?' }),
    option('fld_smoke_n', 'select_one', 'q_smoke', 'No', { ...history, prompt: 'Do you smoke?' }),
    field('fld_packs', 'number', {
      ...history,
      prompt: 'If yes, packs a day',
      condition: { fieldId: 'fld_smoke_y', equals: true },
    }),
    option('fld_cond_asthma', 'select_many', 'q_cond', 'Asthma', {
      ...history,
      prompt: 'Conditions (check all that apply)',
    }),
    option('fld_cond_diab', 'select_many', 'q_cond', 'Diabetes', {
      ...history,
      prompt: 'Conditions (check all that apply)',
    }),
    option('fld_cond_other', 'select_many', 'q_cond', 'Other', {
      ...history,
      prompt: 'Conditions (check all that apply)',
    }),
    field('fld_cond_explain', 'text', {
      ...history,
      prompt: 'Other: please specify',
      condition: { fieldId: 'fld_cond_other', equals: true },
    }),
    field('fld_notes', 'text', { ...history, prompt: 'Notes', multiline: true }),
    field('fld_consent', 'checkbox', { prompt: 'I consent to treatment', choiceLabel: 'I consent', required: true }),
    field('fld_initials', 'initials', {
      prompt: '',
      label: 'Initials',
      condition: { fieldId: 'fld_consent', equals: true },
    }),
    field('fld_sign', 'signature', { prompt: 'Signature', required: true }),
  ];
}
