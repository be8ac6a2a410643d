/** The OpenAPI examples of the FHIR routes, made by the mapping itself from a small field map. */
import type { Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import type { FhirField } from './outline';
import { toQuestionnaireResponse } from './questionnaire-response';
import { toQuestionnaire } from './questionnaire';

const BASE_URL = 'https://forms.example.com';
const TEMPLATE_ID = 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz';

const base = { page: 1, rect: [72, 700, 300, 714] as [number, number, number, number], confidence: 1, required: false };
const text = (fieldId: string, prompt: string, section: string, more: Partial<FhirField> = {}): FhirField => ({
  ...base,
  fieldId,
  questionId: `q_${fieldId.replace(/^fld_/, '')}`,
  questionKey: null,
  kind: 'text',
  label: prompt,
  prompt,
  choiceLabel: null,
  section,
  ...more,
});
const option = (fieldId: string, choiceLabel: string, more: Partial<FhirField> = {}): FhirField =>
  text(fieldId, 'Do you smoke?', 'Medical history', {
    kind: 'select_one',
    questionId: 'q_2hT7kB4nW9xR3mQ8vL5cZ1',
    label: choiceLabel,
    choiceLabel,
    ...more,
  });

const FIELDS: FhirField[] = [
  text('fld_7Hk2mQ9xR4tW1pL6vN3bC8', 'Full name', 'Patient', {
    questionId: 'q_6Gf3dS8aP1oI4uY7tR2eW5',
    required: true,
  }),
  text('fld_3Jd8nV5cX2qZ7mK4wB9tR6', 'Date of birth', 'Patient', {
    questionId: 'q_8Ko5lJ2hG7fD4sA9qW3eR6',
    kind: 'date',
    required: true,
  }),
  option('fld_9Pq4wE7rT2yU5iO8aS3dF6', 'Yes'),
  option('fld_1Zx6cV3bN8mL5kJ2hG9fD4', 'No'),
  text('fld_5Rt8yU2iO7pA4sD9fG3hJ6', 'If yes, packs a day', 'Medical history', {
    questionId: 'q_4Vb9nM2cX7zL5kJ8hG3fD1',
    kind: 'number',
    condition: { fieldId: 'fld_9Pq4wE7rT2yU5iO8aS3dF6', equals: true },
  }),
];

export const QUESTIONNAIRE_EXAMPLE: Questionnaire = toQuestionnaire({
  baseUrl: BASE_URL,
  templateId: TEMPLATE_ID,
  title: 'New patient intake',
  retired: false,
  version: 2,
  createdAt: new Date('2026-11-20T09:30:00.000Z'),
  fields: FIELDS,
});

export const QUESTIONNAIRE_RESPONSE_EXAMPLE: QuestionnaireResponse = toQuestionnaireResponse({
  baseUrl: BASE_URL,
  submissionId: 'sub_4mN8qR2tV6xZ1bC5dF9gH3',
  templateId: TEMPLATE_ID,
  version: 2,
  submittedAt: new Date('2026-11-22T10:15:00.000Z'),
  externalRef: 'appt-2026-11-22-0042',
  fields: FIELDS,
  answers: {
    fld_7Hk2mQ9xR4tW1pL6vN3bC8: 'Ana Ruiz',
    fld_3Jd8nV5cX2qZ7mK4wB9tR6: '1990-04-12',
    fld_9Pq4wE7rT2yU5iO8aS3dF6: true,
    fld_1Zx6cV3bN8mL5kJ2hG9fD4: false,
    fld_5Rt8yU2iO7pA4sD9fG3hJ6: '1',
  },
});
