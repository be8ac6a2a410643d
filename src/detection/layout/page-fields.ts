/**
 * Flat-PDF detector for one page: a short pipeline of named stages (`detectPage`), each with a spec on page data
 * dumped from a real form (test/fixtures/pages).
 */
import type { DetectedField } from '../../shared/field-map';
import { findCandidates } from './candidates';
import { choiceFields } from './choice-fields';
import { findCircleWords } from './circle-words';
import { buildGeometry } from './geometry';
import { readPage } from './page-read';
import { labelTexts, pickTexts, textFields } from './text-fields';
import type { PageContent } from './types';

/**
 * `candidatesOf` finds the page's candidates: the layout's own by default; a fillable PDF's widgets join them
 * there (acroform-page.ts), so labels, options and questions come from the same stages either way.
 */
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
