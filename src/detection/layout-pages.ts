/**
 * Stage 2 of detectFields (index.ts): each page's fields from its layout (layout/page-fields.ts). On a fillable PDF
 * the widgets join the layout's candidates (acroform-page.ts) and only the pages holding one are read. A page
 * without a usable text layer is read by OCR first; the images of a page with text are searched for drawn tick boxes.
 */
import type { AcroWidget } from './acroform';
import { widgetPageFields } from './acroform-page';
import type { DetectedField } from '../shared/field-map';
import type { DetectOptions } from './index';
import { detectPage } from './layout/page-fields';
import { needsOcr, OcrSession, type OcrPageResult } from './ocr';
import type { PageContent } from './layout/types';
import type { PageBudget, PageContents } from './page-budget';

export interface LayoutPages {
  fields: DetectedField[];
  /** Pages with no text at all (flat PDFs only). */
  blankPages: number[];
  /** Pages read by OCR, with the mean word confidence (0..1). */
  ocrPages: Map<number, number>;
  /** Pages read by OCR: where a rect found on the page's raster lies on the page itself. */
  scanPlacement: Map<number, OcrPageResult['placeOnScan']>;
  /** Review reasons of pages OCR could not read (too large, a tool out of time or memory). */
  ocrFailures: string[];
  warnings: string[];
}

/** `widgets`: a fillable PDF's, whose pages alone are read (each widget keeps its own box). */
export async function layoutPages(
  pdf: Uint8Array,
  pages: PageContents,
  budget: PageBudget,
  last: number,
  options: Pick<DetectOptions, 'ocr' | 'budget'>,
  widgets?: AcroWidget[],
): Promise<LayoutPages> {
  const out: LayoutPages = {
    fields: [],
    blankPages: [],
    ocrPages: new Map(),
    scanPlacement: new Map(),
    ocrFailures: [],
    warnings: [],
  };
  let q = 0;
  const nextKey = (): string => `q${++q}`;
  const ocr = options.ocr === false ? null : await OcrSession.open(pdf, options.budget?.documentMs);
  try {
    for (let n = 1; n <= last; n++) {
      const mine = widgets?.filter((w) => w.field.page === n);
      if (mine?.length === 0) continue;
      const base = await pages.get(n);
      if (!mine && budget.skipped(n)) continue;
      // A fillable PDF's page is read by OCR only when it is an image without a usable text layer (a scan made
      // fillable, one image page of a word-processor form), so its widgets get the meaning the page prints.
      const scan = !mine || (!budget.skipped(n) && needsOcr(base) && base.images?.length);
      const content = ocr && scan ? await withOcr(ocr, n, base, out) : base;
      if (content !== base) pages.set(n, content);
      // Blank pages are listed for flat PDFs only: a fillable page's widgets are its fields.
      const res = mine
        ? { fields: widgetPageFields(mine, content, nextKey, out.ocrPages.has(n)), hasText: true }
        : detectPage(content, nextKey);
      if (!res.hasText) out.blankPages.push(n);
      out.fields.push(...res.fields);
    }
  } finally {
    await ocr?.close();
  }
  return out;
}

/** The page as OCR reads it (a scan), or with the tick boxes drawn in its images; as it was when OCR fails. */
async function withOcr(ocr: OcrSession, n: number, content: PageContent, out: LayoutPages): Promise<PageContent> {
  const why = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0] : 'error');
  if (!needsOcr(content)) {
    if (!content.images?.length || !ocr.hasTime) return content;
    return ocr.withImageMarks(n, content).catch((error: unknown) => {
      out.warnings.push(`The images on page ${n} could not be searched for check boxes: ${why(error)}`);
      return content;
    });
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
