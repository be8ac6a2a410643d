import { reviewReasons } from 'src/detection/review';
import type { TemplateField } from './template-field';

const BLANK_PAGE = /^Page (\d+) has no text layer/;

/**
 * Review reasons of an edited version, recomputed from its fields (unlabelled, overlapping, low-confidence),
 * plus the base's "no text layer" pages that still have no field.
 */
export function editedReviewReasons(fields: TemplateField[], baseReasons: string[]): string[] {
  const pagesWithFields = new Set(fields.map((f) => f.page));
  const blankPages = baseReasons
    .map((reason) => BLANK_PAGE.exec(reason)?.[1])
    .filter((page): page is string => page !== undefined)
    .map(Number)
    .filter((page) => !pagesWithFields.has(page));
  return reviewReasons(fields, blankPages, 'layout').filter(
    (r) => r !== 'No fields were found: check that this is a form',
  );
}
