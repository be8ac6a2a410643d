import type { DetectedField } from '../../src/shared/field-map';
import type { TemplateField } from 'src/templates/template-field';

/** A detected text field named "Name" on page 1; `extra` sets what a test is about. */
export function detectedField(extra: Partial<DetectedField> = {}): DetectedField {
  return {
    kind: 'text',
    page: 1,
    rect: [72, 700, 300, 714],
    label: 'Name',
    prompt: 'Name',
    choiceLabel: null,
    questionKey: null,
    required: false,
    confidence: 1,
    ...extra,
  };
}

/**
 * A stored field `fieldId` on page 1: a text field labelled with its id and a question of its own (`q_<id>`) unless
 * `extra` says otherwise.
 */
export function templateField(fieldId: string, extra: Partial<TemplateField> = {}): TemplateField {
  return {
    ...detectedField({ rect: [72, 600, 84, 612], label: fieldId, prompt: fieldId }),
    fieldId,
    questionId: `q_${fieldId}`,
    section: '',
    ...extra,
  };
}
