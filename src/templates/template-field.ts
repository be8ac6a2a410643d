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
