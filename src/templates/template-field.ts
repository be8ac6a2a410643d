import type { ValueTransformer } from 'typeorm';
import { newId } from 'src/common/ids/ids';
import type { DetectedField, DetectionResult, Detector } from '../shared/field-map';
import type { FieldCondition, FieldFormat } from 'src/shared/answer-rules';

/**
 * A detected field as stored in a template version: with its public field id and question id. Every field has
 * a question id: the options of a choice question share one, any other field has its own.
 */
export interface TemplateField extends Omit<DetectedField, 'conditionOn'> {
  fieldId: string;
  questionId: string;
  /** Answer rules (decisions.md): the check of the value beyond its kind, or null/absent. */
  format?: FieldFormat | null;
  /** Answer rules: the field applies only while this choice option or check box is ticked; null/absent: always. */
  condition?: FieldCondition | null;
  /** Re-imports: properties that hold what staff set in an edit, carried over from the previous version. */
  carried?: CarriedProperty[];
  /** Re-imports: the label (prompt) detection read, where a carried-over edit replaced it; matching uses it. */
  printedLabel?: string;
  printedPrompt?: string;
}

/** What a re-import carries over from staff's edits (decisions.md): grouping is the field's question. */
export type CarriedProperty =
  | 'label'
  | 'prompt'
  | 'kind'
  | 'choiceLabel'
  | 'required'
  | 'format'
  | 'condition'
  | 'grouping';

/** Who produced a version's field map: detection, or a person through PUT /templates/{id}/fields. */
export type TemplateDetector = Detector | 'edited';

/** Fresh public ids for every field and question of a new version (never reused across versions). */
export function withPublicIds(detection: DetectionResult): TemplateField[] {
  const questionIds = new Map<string, string>();
  const fieldIds = detection.fields.map(() => newId('field'));
  return detection.fields.map(({ conditionOn, ...field }, index) => {
    let questionId: string;
    if (field.questionKey) {
      questionId = questionIds.get(field.questionKey) ?? newId('question');
      questionIds.set(field.questionKey, questionId);
    } else questionId = newId('question');
    // Detection refers to the option by its index; stored, it is the option's field id.
    const option = conditionOn ?? null;
    const condition = option !== null && fieldIds[option] ? { fieldId: fieldIds[option], equals: true as const } : null;
    return { ...field, fieldId: fieldIds[index], questionId, format: field.format ?? null, condition };
  });
}

/**
 * Versions stored before every field had a question id hold null for text fields and lone boxes: such a field
 * reads as a question of its own, with an id derived from its field id so it stays the same on every read.
 */
export function ownQuestionId(fieldId: string): string {
  return `q_${fieldId.replace(/^fld_/, '')}`;
}

type StoredField = Omit<TemplateField, 'questionId'> & { questionId: string | null };

export const storedFields: ValueTransformer = {
  to: (fields: TemplateField[] | null | undefined) => fields,
  from: (fields: StoredField[] | null) =>
    fields?.map((f) => (f.questionId ? f : { ...f, questionId: ownQuestionId(f.fieldId) })) ?? fields,
};
