import type { DetectedField, DetectionResult } from '../shared/field-map';

// C0 and C1 control characters, DEL, and the Unicode line/paragraph separators: never part of a printed label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** A UTF-16 surrogate without its partner: PostgreSQL's jsonb refuses it (the row would not be stored). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Longest texts kept from a PDF, the same as staff's edits may set (template-edit.dto.ts): a hostile PDF's 40 000
 * character label would otherwise be stored, served and processed on every view of the fill page.
 */
export const DETECTED_TEXT_LIMITS = { label: 500, prompt: 1000, choiceLabel: 500, section: 500 };

/**
 * Label text read from a PDF, safe to store and show: control characters become spaces, spaces collapse, a lone
 * surrogate becomes U+FFFD, and at most `max` characters are kept (cut on a character, ending in an ellipsis).
 */
export function cleanDetectedText(text: string, max = Infinity): string {
  const clean = text.replace(CONTROL, ' ').replace(LONE_SURROGATE, '\ufffd').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  let cut = max - 1;
  // Not between the two halves of a surrogate pair.
  if (/[\ud800-\udbff]/.test(clean[cut - 1] ?? '')) cut--;
  return `${clean.slice(0, cut).trimEnd()}\u2026`;
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
    label: cleanDetectedText(field.label, DETECTED_TEXT_LIMITS.label),
    prompt: cleanDetectedText(field.prompt, DETECTED_TEXT_LIMITS.prompt),
    choiceLabel:
      field.choiceLabel === null ? null : cleanDetectedText(field.choiceLabel, DETECTED_TEXT_LIMITS.choiceLabel),
    ...(field.section === undefined ? {} : { section: cleanDetectedText(field.section, DETECTED_TEXT_LIMITS.section) }),
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
    reviewReasons: detection.reviewReasons.map((text) => cleanDetectedText(text)),
    warnings: detection.warnings.map((text) => cleanDetectedText(text)),
  };
}
