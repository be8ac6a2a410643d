/**
 * Field detection: PDF bytes -> field map. Uses the PDF's own AcroForm when it has one, else reads the
 * page layout (text, ruled lines, boxes, box glyphs). Pure and silent: throws an Error on unreadable input.
 *
 * A pipeline of named stages: pageContents (page-budget.ts), then acroformFields (acroform-page.ts) or
 * layoutPages (layout-pages.ts), addDates and textPages (detect-stages.ts), finishFields (finish.ts: reading order,
 * sections, kind cues, confidence, review reasons), placeOnScans (detect-stages.ts), keepEditable (editable.ts).
 */
import { readAcroForm } from './acroform';
import { acroformFields } from './acroform-page';
import { addDates, ocrReason, placeOnScans, textPages } from './detect-stages';
import { keepEditable } from './editable';
import type { DetectionResult, Detector, Rect } from './field-map';
import { finishFields } from './finish';
import { layoutPages, ocrWidgetPages } from './layout-pages';
import { PageBudget, pageContents, type DetectionBudget } from './page-budget';
import { withPdfJsDocument } from './pdf-document';

export type { DetectedField, DetectionResult, Detector, FieldKind, Rect } from './field-map';

export interface DetectOptions {
  /** 'auto' (default): the AcroForm when the PDF has fields, else the layout. */
  detector?: 'auto' | Detector;
  /** Drop layout fields below this confidence (default 0). */
  minConfidence?: number;
  /** Read at most this many pages (default: all). */
  maxPages?: number;
  /** Time limits: a page over its time is given up with a review reason (default: none). */
  budget?: DetectionBudget;
  /** Read pages without a usable text layer by OCR (default: true when tesseract is installed). */
  ocr?: boolean;
}

export async function detectFields(pdf: Uint8Array, options: DetectOptions = {}): Promise<DetectionResult> {
  if (!(pdf instanceof Uint8Array) || pdf.length < 8) throw new Error('Cannot read the PDF: no bytes');
  const mode = options.detector ?? 'auto';
  const acro = mode === 'layout' ? null : await readAcroForm(pdf);
  const useAcro = acro !== null && acro.hasForm && acro.widgets.length > 0;
  if (mode === 'acroform' && !useAcro) throw new Error('The PDF has no AcroForm fields');
  return withPdfJsDocument(pdf, async (doc, pdfjs) => {
    const pageCount = doc.numPages;
    const last = Math.min(pageCount, options.maxPages ?? pageCount);
    const budget = new PageBudget(options.budget);
    const pages = pageContents(doc, pdfjs, budget);
    const found = useAcro ? undefined : await layoutPages(pdf, pages, budget, last, options);
    // Widgets' boxes are the PDF's own: an OCR'd page only lends them its words (no placing on the scan).
    const scanned = found ? undefined : await ocrWidgetPages(pdf, pages, budget, widgetPages(acro, last), options);
    const min = options.minConfidence ?? 0;
    const fields = found
      ? found.fields.filter((f) => f.confidence >= min)
      : await acroformFields(acro?.widgets ?? [], last, pages.get, new Set(scanned?.ocrPages.keys()));
    const detector: Detector = !found ? 'acroform' : found.ocrPages.size > 0 ? 'ocr' : 'layout';
    await addDates(fields, pages);
    const texts = await textPages(fields, pages, last, !found);
    const finished = finishFields(fields, texts, found ? 'layout' : 'acroform', found?.blankPages);
    if (found) placeOnScans(finished.fields, found);
    const pageBoxes: Rect[] = [];
    for (let n = 1; n <= last; n++) pageBoxes.push((await doc.getPage(n)).view as Rect);
    const editable = keepEditable(finished.fields, pageBoxes);
    const reasons = [
      ...ocrReason((found ?? scanned)?.ocrPages),
      ...((found ?? scanned)?.ocrFailures ?? []),
      ...finished.reasons,
      ...editable.reasons,
      ...budget.reasons(),
    ];
    const warnings = [...(acro?.warnings ?? []), ...((found ?? scanned)?.warnings ?? [])];
    if (last < pageCount) warnings.push(`Only the first ${last} of ${pageCount} pages were read`);
    return {
      detector,
      pageCount,
      fields: editable.fields,
      reviewRequired: reasons.length > 0,
      reviewReasons: reasons,
      warnings,
    };
  });
}

/** The pages (1-based, up to `last`) that hold a widget. */
function widgetPages(acro: Awaited<ReturnType<typeof readAcroForm>> | null, last: number): Set<number> {
  return new Set((acro?.widgets ?? []).map((w) => w.field.page).filter((n) => n <= last));
}
