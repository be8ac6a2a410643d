/**
 * Field detection: PDF bytes -> field map. Uses the PDF's own AcroForm when it has one, else reads the
 * page layout (text, ruled lines, boxes, box glyphs). Pure and silent: throws an Error on unreadable input.
 */
import { readAcroForm } from './acroform';
import { addDateLayouts } from './date-layout';
import type { DetectedField, DetectionResult, Detector } from './field-map';
import { isDateText } from './kinds';
import { extractPage } from './layout/extract';
import { findLabel, textTokens } from './layout/labels';
import { detectPage } from './layout/page-fields';
import { buildLines, cleanLabel, isRequiredText } from './layout/text';
import type { PageContent } from './layout/types';
import { withPdfJsDocument } from './pdf-document';
import { reviewReasons } from './review';

export type { DetectedField, DetectionResult, Detector, FieldKind, Rect } from './field-map';

export interface DetectOptions {
  /** 'auto' (default): the AcroForm when the PDF has fields, else the layout. */
  detector?: 'auto' | Detector;
  /** Drop layout fields below this confidence (default 0). */
  minConfidence?: number;
  /** Read at most this many pages (default: all). */
  maxPages?: number;
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
    const pageContent = async (n: number): Promise<PageContent> => {
      let c = contents.get(n);
      if (!c) {
        const page = await doc.getPage(n);
        c = await extractPage(pdfjs, page, n - 1);
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
      for (const w of acro.widgets) {
        const f = w.field;
        if (f.page > last) continue;
        if (w.needsLabel || f.kind === 'text') {
          const content = await pageContent(f.page);
          const tokens = textTokens(buildLines(content.glyphs));
          const [ax, ay] = content.fromUser(f.rect[0], f.rect[1]);
          const [bx, by] = content.fromUser(f.rect[2], f.rect[3]);
          const box = { x1: Math.min(ax, bx), y1: Math.min(ay, by), x2: Math.max(ax, bx), y2: Math.max(ay, by) };
          const hit = findLabel(
            { ...box, source: 'box', choice: false, base: box.y1, size: 9, confidence: 1 },
            tokens,
            [],
          );
          const near = cleanLabel(hit.raw);
          if (w.needsLabel && near) {
            if (f.choiceLabel === null) f.label = near;
            f.prompt = near;
            f.required ||= isRequiredText(hit.raw);
          }
          if (f.kind === 'text' && near && isDateText(near) && hit.where !== 'none') f.kind = 'date';
        }
        fields.push(f);
      }
    } else {
      detector = 'layout';
      let q = 0;
      const nextKey = (): string => `q${++q}`;
      for (let n = 1; n <= last; n++) {
        const content = await pageContent(n);
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
    const reasons = reviewReasons(fields, blankPages, detector);
    if (last < pageCount) warnings.push(`Only the first ${last} of ${pageCount} pages were read`);
    return { detector, pageCount, fields, reviewRequired: reasons.length > 0, reviewReasons: reasons, warnings };
  });
}
