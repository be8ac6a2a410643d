/**
 * Stage 2 of detectFields (index.ts) for a PDF without AcroForm fields: each page's fields from its layout
 * (layout/page-fields.ts). A page without a usable text layer is read by OCR first; the images of a page with
 * text are searched for drawn tick boxes.
 */
import type { DetectedField } from './field-map';
import type { DetectOptions } from './index';
import { detectPage } from './layout/page-fields';
import { needsOcr, OcrSession, type OcrPageResult } from './ocr';
import type { PageContent } from './layout/types';
import type { PageBudget, PageContents } from './page-budget';

export interface LayoutPages {
  fields: DetectedField[];
  /** Pages with no text at all. */
  blankPages: number[];
  /** Pages read by OCR, with the mean word confidence (0..1). */
  ocrPages: Map<number, number>;
  /** Pages read by OCR: where a rect found on the page's raster lies on the page itself. */
  scanPlacement: Map<number, OcrPageResult['placeOnScan']>;
  /** Review reasons of pages OCR could not read (too large, a tool out of time or memory). */
  ocrFailures: string[];
  warnings: string[];
}

export async function layoutPages(
  pdf: Uint8Array,
  pages: PageContents,
  budget: PageBudget,
  last: number,
  options: Pick<DetectOptions, 'ocr' | 'budget'>,
): Promise<LayoutPages> {
  const out = emptyPages();
  let q = 0;
  const nextKey = (): string => `q${++q}`;
  const ocr = options.ocr === false ? null : await OcrSession.open(pdf, options.budget?.documentMs);
  try {
    for (let n = 1; n <= last; n++) {
      const base = await pages.get(n);
      if (budget.skipped(n)) continue;
      const content = ocr ? await withOcr(ocr, n, base, out) : base;
      if (content !== base) pages.set(n, content);
      const res = detectPage(content, nextKey);
      if (!res.hasText) out.blankPages.push(n);
      out.fields.push(...res.fields);
    }
  } finally {
    await ocr?.close();
  }
  return out;
}

/**
 * A fillable PDF's pages that hold widgets but no usable text layer (a scan made fillable, or one image page of a
 * word-processor form): read by OCR like the layout path's scans, so their widgets get the meaning the page prints
 * (a signature line's caption, an option's word). The widgets keep their own boxes.
 */
export async function ocrWidgetPages(
  pdf: Uint8Array,
  pages: PageContents,
  budget: PageBudget,
  widgetPages: Set<number>,
  options: Pick<DetectOptions, 'ocr' | 'budget'>,
): Promise<Pick<LayoutPages, 'ocrPages' | 'ocrFailures' | 'warnings'>> {
  const out = emptyPages();
  const unread: number[] = [];
  for (const n of widgetPages) {
    const content = await pages.get(n);
    // An image to read, not just a thin page (a short fillable form printed as text needs no OCR).
    if (!budget.skipped(n) && needsOcr(content) && content.images?.length) unread.push(n);
  }
  const ocr = options.ocr === false || !unread.length ? null : await OcrSession.open(pdf, options.budget?.documentMs);
  if (!ocr) return out;
  try {
    for (const n of unread) {
      const base = await pages.get(n);
      const content = await withOcr(ocr, n, base, out);
      if (content !== base) pages.set(n, content);
    }
  } finally {
    await ocr.close();
  }
  return out;
}

const emptyPages = (): LayoutPages => ({
  fields: [],
  blankPages: [],
  ocrPages: new Map(),
  scanPlacement: new Map(),
  ocrFailures: [],
  warnings: [],
});

/** The page as OCR reads it (a scan), or with the tick boxes drawn in its images; as it was when OCR fails. */
async function withOcr(ocr: OcrSession, n: number, content: PageContent, out: LayoutPages): Promise<PageContent> {
  const why = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0] : 'error');
  if (!needsOcr(content)) {
    if (!content.images?.length || !ocr.hasTime) return content;
    try {
      return await ocr.withImageMarks(n, content);
    } catch (error) {
      out.warnings.push(`The images on page ${n} could not be searched for check boxes: ${why(error)}`);
      return content;
    }
  }
  if (!ocr.hasTime) {
    out.warnings.push(`Page ${n} was not read by OCR: no time left`);
    return content;
  }
  try {
    const read = await ocr.read(n, content);
    out.ocrPages.set(n, read.confidence);
    out.scanPlacement.set(n, read.placeOnScan);
    return read.content;
  } catch (error) {
    out.warnings.push(`Page ${n} could not be read by OCR: ${why(error)}`);
    out.ocrFailures.push(`Page ${n} could not be read by OCR (${why(error)}): place its fields by hand`);
    return content;
  }
}
