/**
 * Field detection: PDF bytes -> field map. Uses the PDF's own AcroForm when it has one, else reads the
 * page layout (text, ruled lines, boxes, box glyphs). Pure and silent: throws an Error on unreadable input.
 */
import { readAcroForm } from './acroform';
import { acroformFields } from './acroform-meaning';
import { addDateLayouts } from './date-layout';
import type { DetectedField, DetectionResult, Detector } from './field-map';
import { extractPage } from './layout/extract';
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
    let detector: Detector;
    if (useAcro) {
      detector = 'acroform';
      fields = await acroformFields(acro.widgets, last, pageContent);
    } else {
      detector = 'layout';
      let q = 0;
      const nextKey = (): string => `q${++q}`;
      for (let n = 1; n <= last; n++) {
        const content = await pageContent(n);
        if (budget.skipped(n)) continue;
        const res = detectPage(content, nextKey);
        if (!res.hasText) blankPages.push(n);
        fields.push(...res.fields);
      }
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
      if (withFields.has(n) || detector === 'layout') textPages.push(pageText(await pageContent(n)));
    const finished = finishFields(fields, textPages, detector, blankPages);
    fields = finished.fields;
    const reasons = [...finished.reasons, ...budget.reasons()];
    if (last < pageCount) warnings.push(`Only the first ${last} of ${pageCount} pages were read`);
    return { detector, pageCount, fields, reviewRequired: reasons.length > 0, reviewReasons: reasons, warnings };
  });
}
