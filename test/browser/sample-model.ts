import type { FillFormField, FillFormModel } from 'src/fill-page/fill-form.model';

function field(partial: Partial<FillFormField> & Pick<FillFormField, 'field_id' | 'kind' | 'label'>): FillFormField {
  return {
    prompt: partial.label,
    choice_label: null,
    question_id: `q_${partial.field_id}`,
    page: 1,
    required: false,
    locked: false,
    ...partial,
  };
}

function choices(
  kind: 'select_one' | 'select_many',
  questionId: string,
  prompt: string,
  labels: string[],
  extra: Partial<FillFormField> = {},
): FillFormField[] {
  return labels.map((choice, i) =>
    field({
      field_id: `${questionId}_${i + 1}`,
      kind,
      label: choice,
      prompt,
      choice_label: choice,
      question_id: questionId,
      ...extra,
    }),
  );
}

export const PROVINCES = [
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Nova Scotia',
  'Ontario',
  'Prince Edward Island',
];

/** Every control type the fill page renders, over two PDF pages, with hostile and very long labels. */
export const sampleModel: FillFormModel = {
  short_code: 'abc',
  title: 'New patient intake — Riverside Family Clinic',
  page_count: 2,
  fields: [
    field({ field_id: 'full_name', kind: 'text', label: 'Full legal name', required: true }),
    field({ field_id: 'xss', kind: 'text', label: '<script>alert(1)</script> Preferred name' }),
    field({ field_id: 'dob', kind: 'date', label: 'Date of birth', required: true }),
    field({ field_id: 'email', kind: 'email', label: 'Email address' }),
    field({ field_id: 'phone', kind: 'phone', label: 'Mobile phone number', required: true }),
    field({ field_id: 'age', kind: 'number', label: 'Age' }),
    field({
      field_id: 'clinic_id',
      kind: 'text',
      label: 'Clinic reference',
      value: 'RFC-2024-0042',
      locked: true,
    }),
    ...choices('select_one', 'q_sex', 'Sex assigned at birth', ['Female', 'Male', 'Intersex'], { required: true }),
    ...choices('select_one', 'q_visit', 'Reason for visit', ['Check-up', 'Follow-up'], {
      locked: true,
    }).map((f, i) => ({ ...f, value: i === 1 })),
    ...choices('select_one', 'q_contact', 'Preferred contact time (optional)', ['Morning', 'Afternoon']),
    ...choices('select_one', 'q_province', 'Province of residence', PROVINCES, { required: true, page: 2 }),
    ...choices(
      'select_many',
      'q_conditions',
      'Do you have, or have you ever had, any of the following long-term conditions that your care team should know about before your first appointment?',
      ['Asthma', 'Diabetes', 'High blood pressure', 'Supercalifragilisticexpialidocious-syndrome-with-no-spaces'],
      { page: 2 },
    ),
    field({ field_id: 'initials', kind: 'initials', label: 'Initials', page: 2, required: true }),
    field({
      field_id: 'consent',
      kind: 'checkbox',
      label: 'I confirm the information above is correct and I consent to treatment.',
      page: 2,
      required: true,
    }),
    field({ field_id: 'patient_signature', kind: 'signature', label: 'Patient signature', page: 2, required: true }),
    field({ field_id: 'guardian_signature', kind: 'signature', label: 'Parent or guardian signature', page: 2 }),
    field({ field_id: 'witness_signature', kind: 'signature', label: 'Witness signature', page: 2 }),
  ],
};
