/**
 * The shape a field map takes in FHIR (decisions.md "FHIR R4"): questions (a choice question is its options'
 * fields together) under one group per printed section. Shared by the Questionnaire and the QuestionnaireResponse
 * so both nest their items alike. Plain TypeScript, no Nest imports.
 */
import type { TemplateField } from 'src/templates/template-field';

/**
 * A field as the FHIR mapping reads it: a stored template field. Every one has a question id (versions stored before
 * fields carried one get theirs when read, see template-field.ts).
 */
export type FhirField = TemplateField;

/** The item type a question takes: text-like answers are `string`, several lines `text`. */
export type QuestionType = 'string' | 'text' | 'date' | 'decimal' | 'boolean' | 'choice';

export interface Question {
  linkId: string;
  type: QuestionType;
  /** select_many (or several boxes sharing one question): one answer per ticked option. */
  repeats: boolean;
  /** The question's fields: one for a text-like field or a stand-alone box, one per option for a choice. */
  fields: FhirField[];
}

export interface SectionGroup {
  linkId: string;
  heading: string;
  questions: Question[];
}

export type OutlineEntry = { group: SectionGroup } | { question: Question };

/** The question a field belongs to (its linkId). */
export const questionLinkId = (field: TemplateField): string => field.questionId;

/** Headings that differ only in spacing are one section, as on the fill page. */
const sectionKey = (section: string | undefined): string => fhirText((section ?? '').replace(/\s+/g, ' ')) ?? '';

function questionType(fields: FhirField[]): QuestionType {
  const { kind, multiline } = fields[0];
  switch (kind) {
    case 'date':
      return 'date';
    case 'number':
      return 'decimal';
    case 'checkbox':
      return fields.length === 1 ? 'boolean' : 'choice';
    case 'select_one':
    case 'select_many':
      return 'choice';
    default:
      return multiline ? 'text' : 'string';
  }
}

function toQuestion(linkId: string, fields: FhirField[]): Question {
  const type = questionType(fields);
  const repeats = type === 'choice' && fields[0].kind !== 'select_one';
  return { linkId, type, repeats, fields };
}

/**
 * The field map as FHIR items, in the field map's order: a question stands where its first field stands; one
 * group per distinct section heading stands where that heading first appears (linkIds section-1, section-2, ...);
 * fields with no section stand at the top level. Signature fields are left out (they live in the completed PDF).
 */
export function outline(fields: readonly FhirField[]): OutlineEntry[] {
  const byQuestion = new Map<string, FhirField[]>();
  const order: { linkId: string; section: string | undefined }[] = [];
  for (const field of fields) {
    if (field.kind === 'signature') continue;
    const linkId = questionLinkId(field);
    const options = byQuestion.get(linkId);
    if (options) options.push(field);
    else {
      byQuestion.set(linkId, [field]);
      order.push({ linkId, section: field.section });
    }
  }
  const entries: OutlineEntry[] = [];
  const groups = new Map<string, SectionGroup>();
  for (const { linkId, section } of order) {
    const question = toQuestion(linkId, byQuestion.get(linkId)!);
    const key = sectionKey(section);
    if (key === '') {
      entries.push({ question });
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      // The heading as the field map gives it (trimmed: FHIR strings do not start or end with spaces).
      group = { linkId: `section-${groups.size + 1}`, heading: fhirText(section)!, questions: [] };
      groups.set(key, group);
      entries.push({ group });
    }
    group.questions.push(question);
  }
  return entries;
}

/** Every question of an outline, groups opened, in order. */
export function questionsOf(entries: readonly OutlineEntry[]): Question[] {
  return entries.flatMap((entry) => ('group' in entry ? entry.group.questions : [entry.question]));
}

/**
 * Text as FHIR takes it: a string is never empty and holds no control characters other than tab and line breaks
 * (FHIR's string regex), and should not start or end with white space. Null when nothing is left.
 */
export function fhirText(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = (value ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned;
}
