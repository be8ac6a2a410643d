import type { DetectedField, Detector } from 'src/detection/field-map';

/** A detected field as stored in a template version: with its public field id and question id. */
export interface TemplateField extends DetectedField {
  fieldId: string;
  questionId: string | null;
}

/** Who produced a version's field map: detection, or a person through PUT /templates/{id}/fields. */
export type TemplateDetector = Detector | 'edited';
