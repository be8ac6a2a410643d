/**
 * Field detection: PDF bytes -> field map. Uses the PDF's own AcroForm when it has one, else reads the
 * page layout (text, ruled lines, boxes, box glyphs). Pure and silent: throws an Error on unreadable input.
 *
 * A pipeline of named stages: pageContents (page-budget.ts), layoutPages (layout-pages.ts; a fillable PDF's
 * widgets join the layout's candidates: acroform-page.ts), addDates and textPages (detect-stages.ts), finishFields
 * (finish.ts: reading order, sections, kind cues, confidence, review reasons), placeOnScans (detect-stages.ts),
 * keepEditable (editable.ts).
 */
import { readAcroForm } from './acroform';
import { addDates, ocrReason, placeOnScans, textPages } from './detect-stages';
import { keepEditable } from './editable';
import type { DetectionResult, Detector, Rect } from '../shared/field-map';
import { finishFields } from './finish';
import { layoutPages } from './layout-pages';
import { PageBudget, pageContents, type DetectionBudget } from './page-budget';
import { withPdfJsDocument } from './pdf-document';

export type { DetectedField, DetectionResult, Detector, FieldKind, Rect } from '../shared/field-map';

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
  const widgets = acro?.widgets.length ? acro.widgets : undefined;
  if (mode === 'acroform' && !widgets) throw new Error('The PDF has no AcroForm fields');
  return withPdfJsDocument(pdf, async (doc, pdfjs) => {
    const pageCount = doc.numPages;
    const last = Math.min(pageCount, options.maxPages ?? pageCount);
    const budget = new PageBudget(options.budget);
    const pages = pageContents(doc, pdfjs, budget);
    const found = await layoutPages(pdf, pages, budget, last, options, widgets);
    const fields = widgets ? found.fields : found.fields.filter((f) => f.confidence >= (options.minConfidence ?? 0));
    const detector: Detector = widgets ? 'acroform' : found.ocrPages.size > 0 ? 'ocr' : 'layout';
    await addDates(fields, pages);
    const texts = await textPages(fields, pages, last, !!widgets);
    const finished = finishFields(fields, texts, detector, found.blankPages);
    // Widgets' boxes are the PDF's own: an OCR'd page only lends them its words (no placing on the scan).
    if (!widgets) placeOnScans(finished.fields, found);
    const pageBoxes: Rect[] = [];
    for (let n = 1; n <= last; n++) pageBoxes.push((await doc.getPage(n)).view as Rect);
    const editable = keepEditable(finished.fields, pageBoxes);
    const reasons = [
      ...ocrReason(found.ocrPages),
      ...found.ocrFailures,
      ...finished.reasons,
      ...editable.reasons,
      ...budget.reasons(),
    ];
    const warnings = [...(acro?.warnings ?? []), ...found.warnings];
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
