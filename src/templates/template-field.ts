import type { DetectedField, Detector } from 'src/detection/field-map';
import type { FieldCondition, FieldFormat } from 'src/shared/answer-rules';

/** A detected field as stored in a template version: with its public field id and question id. */
export interface TemplateField extends Omit<DetectedField, 'conditionOn'> {
  fieldId: string;
  questionId: string | null;
  /** Answer rules (decisions.md): the check of the value beyond its kind, or null/absent. */
  format?: FieldFormat | null;
  /** Answer rules: the field applies only while this choice option or check box is ticked; null/absent: always. */
  condition?: FieldCondition | null;
}

/** Who produced a version's field map: detection, or a person through PUT /templates/{id}/fields. */
export type TemplateDetector = Detector | 'edited';
