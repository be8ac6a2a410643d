/**
 * A submission as a FHIR R4 QuestionnaireResponse to its version's Questionnaire (decisions.md "FHIR R4"):
 * items nested as in the Questionnaire, answered questions only. Plain TypeScript, no Nest imports.
 */
import type {
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import { isFieldActive } from 'src/shared/answer-rules';
import type { Answers } from 'src/submissions/entities/submission.entity';
import { isIsoDate } from 'src/templates/field-values';
import { fhirText, type FhirField, type Question } from './outline';
import {
  conditionTargets,
  fhirId,
  indexFieldMap,
  optionCoding,
  questionnaireUrl,
  questionText,
  type FieldMapIndex,
} from './questionnaire';

export interface QuestionnaireResponseSource {
  baseUrl: string;
  submissionId: string;
  templateId: string;
  /** The version the patient filled. */
  version: number;
  submittedAt: Date;
  externalRef: string | null;
  /** That version's field map. */
  fields: readonly FhirField[];
  answers: Answers;
}

const THOUSANDS = /^[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?$/;
const DECIMAL = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/**
 * A number as the answer rules accept it (decisions.md: "a decimal number"): "1,250.5" and "1,250" with thousands
 * separators, "72,5" and ",5" with a decimal comma (Spanish forms), "+3", ".5". Null when it is not one (answers
 * stored before the rules were checked): such an answer is left out rather than guessed.
 */
export function parseDecimal(value: string): number | null {
  const trimmed = value.trim();
  let plain: string;
  if (THOUSANDS.test(trimmed)) plain = trimmed.replace(/,/g, '');
  else if (/^[^,]*,[^,]*$/.test(trimmed) && !trimmed.includes('.')) plain = trimmed.replace(',', '.');
  else plain = trimmed;
  if (!DECIMAL.test(plain)) return null;
  const parsed = Number(plain);
  return Number.isFinite(parsed) ? parsed : null;
}

function textAnswer(question: Question, value: string): QuestionnaireResponseItemAnswer | null {
  switch (question.type) {
    case 'date':
      return isIsoDate(value) ? { valueDate: value } : null;
    case 'decimal': {
      const parsed = parseDecimal(value);
      return parsed === null ? null : { valueDecimal: parsed };
    }
    default: {
      const text = fhirText(value);
      return text === null ? null : { valueString: text };
    }
  }
}

/**
 * The answers to one question. An unticked stand-alone box is unanswered (the page stores false for a box left
 * alone, so "no" and "not answered" are one value). A question whose condition is false (no option it names is
 * ticked and itself shown) has no answers: the submit drops them, and FHIR forbids answers to a disabled item.
 */
function answersTo(question: Question, map: FieldMapIndex, answers: Answers): QuestionnaireResponseItemAnswer[] {
  const targets = conditionTargets(question, map);
  const enabled = (t: FhirField) => answers[t.fieldId] === true && isFieldActive(t, map.fields, answers);
  if (targets.length > 0 && !targets.some(enabled)) return [];
  if (question.type === 'boolean') return answers[question.fields[0].fieldId] === true ? [{ valueBoolean: true }] : [];
  if (question.type === 'choice') {
    const ticked = question.fields.filter((option) => answers[option.fieldId] === true);
    const chosen = question.repeats ? ticked : ticked.slice(0, 1);
    return chosen.map((option) => ({ valueCoding: optionCoding(map.url, option) }));
  }
  const value = answers[question.fields[0].fieldId];
  const answer = typeof value === 'string' ? textAnswer(question, value) : null;
  return answer ? [answer] : [];
}

function questionItem(question: Question, map: FieldMapIndex, answers: Answers): QuestionnaireResponseItem | null {
  const answer = answersTo(question, map, answers);
  if (answer.length === 0) return null;
  const text = questionText(question);
  return { linkId: question.linkId, ...(text ? { text } : {}), answer };
}

function items(map: FieldMapIndex, answers: Answers): QuestionnaireResponseItem[] {
  const out: QuestionnaireResponseItem[] = [];
  for (const entry of map.entries) {
    if ('question' in entry) {
      const item = questionItem(entry.question, map, answers);
      if (item) out.push(item);
      continue;
    }
    const answered = entry.group.questions
      .map((q) => questionItem(q, map, answers))
      .filter((item): item is QuestionnaireResponseItem => item !== null);
    if (answered.length > 0) out.push({ linkId: entry.group.linkId, text: entry.group.heading, item: answered });
  }
  return out;
}

export function toQuestionnaireResponse(source: QuestionnaireResponseSource): QuestionnaireResponse {
  const url = questionnaireUrl(source.baseUrl, source.templateId);
  const item = items(indexFieldMap(url, source.fields), source.answers);
  const externalRef = fhirText(source.externalRef);
  return {
    resourceType: 'QuestionnaireResponse',
    id: fhirId(source.submissionId),
    ...(externalRef
      ? {
          identifier: {
            system: `${source.baseUrl.replace(/\/+$/, '')}/fhir/external-ref`,
            value: externalRef,
          },
        }
      : {}),
    questionnaire: `${url}|${source.version}`,
    status: 'completed',
    authored: source.submittedAt.toISOString(),
    ...(item.length ? { item } : {}),
  };
}
