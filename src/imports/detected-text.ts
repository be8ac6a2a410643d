import type { DetectedField, DetectionResult } from 'src/detection/field-map';

// C0 and C1 control characters, DEL, and the Unicode line/paragraph separators: never part of a printed label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Label text read from a PDF, safe to store and show: control characters become spaces, spaces collapse. */
export function cleanDetectedText(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A name that must still match the PDF's own form field when rendering. PostgreSQL cannot store NUL in jsonb,
 * so a name holding one is made unmatchable (U+FFFD): rendering then draws at the field's rectangle instead.
 */
function storableName(name: string): string {
  return name.replaceAll('\u0000', '\ufffd');
}

function cleanField(field: DetectedField): DetectedField {
  return {
    ...field,
    label: cleanDetectedText(field.label),
    prompt: cleanDetectedText(field.prompt),
    choiceLabel: field.choiceLabel === null ? null : cleanDetectedText(field.choiceLabel),
    ...(field.section === undefined ? {} : { section: cleanDetectedText(field.section) }),
    ...(field.acroform
      ? {
          acroform: {
            ...field.acroform,
            fieldName: storableName(field.acroform.fieldName),
            ...(field.acroform.value === undefined ? {} : { value: storableName(field.acroform.value) }),
          },
        }
      : {}),
  };
}

/**
 * What detection read from a hostile or odd PDF, made storable before the template is written (a NUL in a
 * label made PostgreSQL refuse the row, and the import retried for ten minutes). `pageCount` is the count
 * from walking the page tree, never the file's /Count (stored as -1 and 0 before).
 */
export function storableDetection(detection: DetectionResult, pageCount: number): DetectionResult {
  return {
    ...detection,
    pageCount,
    fields: detection.fields.map(cleanField),
    reviewReasons: detection.reviewReasons.map(cleanDetectedText),
    warnings: detection.warnings.map(cleanDetectedText),
  };
}
