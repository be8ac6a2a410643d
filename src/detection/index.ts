/**
 * Field detection: PDF bytes -> field map. Uses the PDF's own AcroForm when it has one, else reads the
 * page layout (text, ruled lines, boxes, box glyphs). Pure and silent: throws an Error on unreadable input.
 */
import { readAcroForm } from './acroform';
import { acroformFields } from './acroform-page';
import { addDateLayouts } from './date-layout';
import { keepEditable } from './editable';
import type { DetectedField, DetectionResult, Detector, Rect } from './field-map';
import { extractPage } from './layout/extract';
import { OcrSession, needsOcr, type OcrPageResult } from './ocr';
import { finishFields } from './finish';
import { detectPage } from './layout/page-fields';
import type { PageContent } from './layout/types';
import { PageBudget, type DetectionBudget } from './page-budget';
import { pageText, type PageText } from './page-text';
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

/** How far an OCR'd field's confidence is trusted at most: a person should look at every one. */
const OCR_MAX_CONFIDENCE = 0.75;

export async function detectFields(pdf: Uint8Array, options: DetectOptions = {}): Promise<DetectionResult> {
  if (!(pdf instanceof Uint8Array) || pdf.length < 8) throw new Error('Cannot read the PDF: no bytes');
  const mode = options.detector ?? 'auto';
  const acro = mode === 'layout' ? null : await readAcroForm(pdf);
  const useAcro = acro !== null && acro.hasForm && acro.widgets.length > 0;
  if (mode === 'acroform' && !useAcro) throw new Error('The PDF has no AcroForm fields');
  return withPdfJsDocument(pdf, async (doc, pdfjs) => {
    const pageCount = doc.numPages;
    const last = Math.min(pageCount, options.maxPages ?? pageCount);
    const contents = new Map<number, PageContent>();
    const budget = new PageBudget(options.budget);
    const pageContent = async (n: number): Promise<PageContent> => {
      let c = contents.get(n);
      if (!c) {
        const page = await doc.getPage(n);
        c = await budget.read(n, page, () => extractPage(pdfjs, page, n - 1));
        page.cleanup();
        contents.set(n, c);
      }
      return c;
    };
    const warnings = [...(acro?.warnings ?? [])];
    let fields: DetectedField[] = [];
    const blankPages: number[] = [];
    /** Pages read by OCR, with the mean word confidence (0..1). */
    const ocrPages = new Map<number, number>();
    const scanPlacement = new Map<number, OcrPageResult['placeOnScan']>();
    /** Review reasons of pages OCR could not read (too large, a tool out of time or memory). */
    const ocrFailures: string[] = [];
    let detector: Detector;
    if (useAcro) {
      detector = 'acroform';
      fields = await acroformFields(acro.widgets, last, pageContent);
    } else {
      detector = 'layout';
      let q = 0;
      const nextKey = (): string => `q${++q}`;
      const ocr = options.ocr === false ? null : await OcrSession.open(pdf, options.budget?.documentMs);
      try {
        for (let n = 1; n <= last; n++) {
          let content = await pageContent(n);
          if (budget.skipped(n)) continue;
          if (ocr && needsOcr(content) && !ocr.hasTime) warnings.push(`Page ${n} was not read by OCR: no time left`);
          else if (ocr && needsOcr(content)) {
            try {
              const read = await ocr.read(n, content);
              content = read.content;
              contents.set(n, content);
              ocrPages.set(n, read.confidence);
              scanPlacement.set(n, read.placeOnScan);
            } catch (error) {
              const why = error instanceof Error ? error.message.split('\n')[0] : 'error';
              warnings.push(`Page ${n} could not be read by OCR: ${why}`);
              ocrFailures.push(`Page ${n} could not be read by OCR (${why}): place its fields by hand`);
            }
          } else if (ocr && content.images?.length && ocr.hasTime) {
            try {
              content = await ocr.withImageMarks(n, content);
              contents.set(n, content);
            } catch (error) {
              const why = error instanceof Error ? error.message.split('\n')[0] : 'error';
              warnings.push(`The images on page ${n} could not be searched for check boxes: ${why}`);
            }
          }
          const res = detectPage(content, nextKey);
          if (!res.hasText) blankPages.push(n);
          fields.push(...res.fields);
        }
      } finally {
        await ocr?.close();
      }
      if (ocrPages.size > 0) detector = 'ocr';
      const min = options.minConfidence ?? 0;
      fields = fields.filter((f) => f.confidence >= min);
    }
    for (const n of new Set(fields.filter((f) => f.kind === 'date').map((f) => f.page))) {
      addDateLayouts(fields, n, await pageContent(n));
    }
    // Reading order, sections, kind cues, confidence and review reasons: finish.ts, on every page with fields.
    const textPages: PageText[] = [];
    const withFields = new Set(fields.map((f) => f.page));
    for (let n = 1; n <= last; n++)
      if (withFields.has(n) || detector !== 'acroform') textPages.push(pageText(await pageContent(n)));
    const finished = finishFields(fields, textPages, detector === 'acroform' ? 'acroform' : 'layout', blankPages);
    fields = finished.fields;
    for (const f of fields) {
      f.rect = scanPlacement.get(f.page)?.(f.rect) ?? f.rect;
      const read = ocrPages.get(f.page);
      if (read !== undefined)
        f.confidence = Math.round(Math.min(f.confidence, OCR_MAX_CONFIDENCE) * (0.5 + 0.5 * read) * 100) / 100;
    }
    const pageBoxes: Rect[] = [];
    for (let n = 1; n <= last; n++) pageBoxes.push((await doc.getPage(n)).view as Rect);
    const editable = keepEditable(fields, pageBoxes);
    fields = editable.fields;
    const ocrReason =
      ocrPages.size > 0
        ? [
            `Page${ocrPages.size > 1 ? 's' : ''} ${[...ocrPages.keys()].join(', ')} ${ocrPages.size > 1 ? 'were' : 'was'} read by OCR (scanned: no usable text layer): check every field`,
          ]
        : [];
    const reasons = [...ocrReason, ...ocrFailures, ...finished.reasons, ...editable.reasons, ...budget.reasons()];
    if (last < pageCount) warnings.push(`Only the first ${last} of ${pageCount} pages were read`);
    return { detector, pageCount, fields, reviewRequired: reasons.length > 0, reviewReasons: reasons, warnings };
  });
}
