/** Flat-PDF detector for one page: named stages, each with a spec on page data of a real form (test/fixtures/pages). */
import type { DetectedField } from '../../shared/field-map';
import { findCandidates } from './candidates';
import { choiceFields } from './choice-fields';
import { findCircleWords } from './circle-words';
import { buildGeometry } from './geometry';
import { readPage } from './page-read';
import { labelTexts, pickTexts, textFields } from './text-fields';
import type { PageContent } from './types';

/** A fillable PDF's widgets join the candidates in `candidatesOf` (acroform-page.ts): later stages serve both. */
export function detectPage(
  page: PageContent,
  nextKey: () => string,
  candidatesOf = findCandidates,
): { fields: DetectedField[]; hasText: boolean } {
  const read = readPage(page);
  const all = candidatesOf(read.lines, buildGeometry(page), page.height);
  const markers = all.filter((c) => c.choice);
  const circled = findCircleWords(read.lines, markers, read.sectionStart);
  const { texts, grids } = pickTexts(all, circled, read.tokens);
  const fields = [
    ...textFields(read, labelTexts(texts, markers, read.tokens)),
    ...choiceFields(read, { markers, texts, grids, circled }, nextKey),
  ];
  return { fields, hasText: page.glyphs.length > 0 };
}
