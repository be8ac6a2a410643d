/**
 * A template version as a FHIR R4 Questionnaire (decisions.md "FHIR R4"). Plain TypeScript, no Nest imports.
 */
import type {
  Coding,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
  QuestionnaireItemEnableWhen,
} from '@medplum/fhirtypes';
import {
  fhirText,
  outline,
  questionLinkId,
  questionsOf,
  type FhirField,
  type OutlineEntry,
  type Question,
} from './outline';

export interface QuestionnaireSource {
  /** PUBLIC_BASE_URL (a trailing slash is ignored). */
  baseUrl: string;
  templateId: string;
  title: string;
  retired: boolean;
  version: number;
  /** When the version was written. */
  createdAt: Date;
  fields: readonly FhirField[];
}

/** A public id as a FHIR id: FHIR ids allow letters, digits, `-` and `.` only (`tpl_AbC` → `tpl-AbC`). */
export const fhirId = (publicId: string): string => publicId.replace(/_/g, '-');

/** The Questionnaire's canonical url: the same for every version of a template. */
export const questionnaireUrl = (baseUrl: string, templateId: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/fhir/Questionnaire/${templateId}`;

/** The code system of a template's options: code = the option's field_id. */
export const optionSystem = (url: string): string => `${url}/options`;

/** The coding of one option of a choice question. */
export function optionCoding(url: string, option: FhirField): Coding {
  const display = fhirText(option.choiceLabel) ?? fhirText(option.label);
  return { system: optionSystem(url), code: option.fieldId, ...(display ? { display } : {}) };
}

/** What a question's text is: its prompt, its label where the prompt is empty. */
export const questionText = (question: Question): string | null =>
  fhirText(question.fields[0].prompt) ?? fhirText(question.fields[0].label);

/**
 * The options whose ticking enables a question: the options its fields' conditions name (each once). A condition
 * naming a field that is not an option or stand-alone box of another question is not one FHIR can say: left out.
 */
export function conditionTargets(question: Question, map: FieldMapIndex): FhirField[] {
  const targets = new Map<string, FhirField>();
  for (const field of question.fields) {
    const target = field.condition ? map.fields.get(field.condition.fieldId) : undefined;
    const targetQuestion = target ? map.questions.get(questionLinkId(target)) : undefined;
    if (!target || !targetQuestion || targetQuestion === question) continue;
    if (targetQuestion.type === 'boolean' || targetQuestion.type === 'choice') targets.set(target.fieldId, target);
  }
  return [...targets.values()];
}

/** One enableWhen per target: answerBoolean for a stand-alone box, answerCoding for a choice option. */
function enableWhen(question: Question, map: FieldMapIndex): QuestionnaireItemEnableWhen[] {
  return conditionTargets(question, map).map((target) => {
    const targetQuestion = map.questions.get(questionLinkId(target))!;
    return targetQuestion.type === 'boolean'
      ? { question: targetQuestion.linkId, operator: '=', answerBoolean: true }
      : { question: targetQuestion.linkId, operator: '=', answerCoding: optionCoding(map.url, target) };
  });
}

/** A field map looked up by field id and by question linkId (signatures left out). */
export interface FieldMapIndex {
  url: string;
  entries: OutlineEntry[];
  fields: Map<string, FhirField>;
  questions: Map<string, Question>;
}

export function indexFieldMap(url: string, fields: readonly FhirField[]): FieldMapIndex {
  const entries = outline(fields);
  return {
    url,
    entries,
    fields: new Map(fields.map((f) => [f.fieldId, f])),
    questions: new Map(questionsOf(entries).map((q) => [q.linkId, q])),
  };
}

function questionItem(question: Question, map: FieldMapIndex): QuestionnaireItem {
  const url = map.url;
  const text = questionText(question);
  const rules = enableWhen(question, map);
  const answerOption: QuestionnaireItemAnswerOption[] =
    question.type === 'choice' ? question.fields.map((option) => ({ valueCoding: optionCoding(url, option) })) : [];
  return {
    linkId: question.linkId,
    ...(text ? { text } : {}),
    type: question.type,
    ...(rules.length ? { enableWhen: rules, enableBehavior: 'any' as const } : {}),
    required: question.fields.some((f) => f.required),
    ...(question.repeats ? { repeats: true } : {}),
    ...(answerOption.length ? { answerOption } : {}),
  };
}

function items(map: FieldMapIndex): QuestionnaireItem[] {
  return map.entries.map((entry) =>
    'group' in entry
      ? {
          linkId: entry.group.linkId,
          text: entry.group.heading,
          type: 'group',
          item: entry.group.questions.map((q) => questionItem(q, map)),
        }
      : questionItem(entry.question, map),
  );
}

export function toQuestionnaire(source: QuestionnaireSource): Questionnaire {
  const url = questionnaireUrl(source.baseUrl, source.templateId);
  const item = items(indexFieldMap(url, source.fields));
  const title = fhirText(source.title);
  return {
    resourceType: 'Questionnaire',
    id: fhirId(`${source.templateId}-${source.version}`),
    url,
    version: String(source.version),
    ...(title ? { title } : {}),
    status: source.retired ? 'retired' : 'active',
    date: source.createdAt.toISOString(),
    ...(item.length ? { item } : {}),
  };
}
