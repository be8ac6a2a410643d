import type { DetectedField } from 'src/detection/field-map';

/** A detected field as stored in a template version: with its public field id and question id. */
export interface TemplateField extends DetectedField {
  fieldId: string;
  questionId: string | null;
}
