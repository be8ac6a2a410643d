/** The small stages of detectFields (index.ts) between reading the pages and the field map. */
import { addDateLayouts } from './date-layout';
import type { DetectedField } from '../shared/field-map';
import type { LayoutPages } from './layout-pages';
import type { PageContents } from './page-budget';
import { pageText, type PageText } from './page-text';

/** How far an OCR'd field's confidence is trusted at most: a person should look at every one. */
const OCR_MAX_CONFIDENCE = 0.75;

/** Each page with a date field: the date's parts and their order where the page prints them (date-layout.ts). */
export async function addDates(fields: DetectedField[], pages: PageContents): Promise<void> {
  for (const n of new Set(fields.filter((f) => f.kind === 'date').map((f) => f.page)))
    addDateLayouts(fields, n, await pages.get(n));
}

/** The text of the pages finishFields reads: every page read by the layout, the pages with fields of an AcroForm. */
export async function textPages(
  fields: DetectedField[],
  pages: PageContents,
  last: number,
  acro: boolean,
): Promise<PageText[]> {
  const withFields = new Set(fields.map((f) => f.page));
  const out: PageText[] = [];
  for (let n = 1; n <= last; n++) if (withFields.has(n) || !acro) out.push(pageText(await pages.get(n)));
  return out;
}

/** Fields of pages read by OCR: placed back on the page from the raster, their confidence capped by OCR's own. */
export function placeOnScans(
  fields: DetectedField[],
  { scanPlacement, ocrPages }: Pick<LayoutPages, 'scanPlacement' | 'ocrPages'>,
): void {
  for (const f of fields) {
    f.rect = scanPlacement.get(f.page)?.(f.rect) ?? f.rect;
    const read = ocrPages.get(f.page);
    if (read !== undefined)
      f.confidence = Math.round(Math.min(f.confidence, OCR_MAX_CONFIDENCE) * (0.5 + 0.5 * read) * 100) / 100;
  }
}

/** The review reason naming the pages read by OCR (none when there are none). */
export function ocrReason(ocrPages: Map<number, number> = new Map()): string[] {
  if (ocrPages.size === 0) return [];
  const list = [...ocrPages.keys()].join(', ');
  const pages = ocrPages.size > 1 ? `Pages ${list} were` : `Page ${list} was`;
  return [`${pages} read by OCR (scanned: no usable text layer): check every field`];
}
