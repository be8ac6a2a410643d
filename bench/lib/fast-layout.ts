/**
 * The flat (layout) detector run on page content extracted once and kept: what bench/fit-layout-params.ts
 * needs to score hundreds of parameter settings in minutes. It mirrors the layout branch of detectFields
 * (src/detection/index.ts); detect.bench.ts checks that both give the same fields before trusting it.
 */
import { addDateLayouts } from '../../src/detection/date-layout';
import type { DetectionResult, DetectedField } from '../../src/shared/field-map';
import { finishFields, type Finished } from '../../src/detection/finish';
import { extractPage } from '../../src/detection/layout/extract';
import { detectPage } from '../../src/detection/layout/page-fields';
import { needsOcr, OcrSession } from '../../src/detection/ocr';
import type { PageContent } from '../../src/detection/layout/types';
import { pageText } from '../../src/detection/page-text';
import { withPdfJsDocument } from '../../src/detection/pdf-document';

export async function extractAll(pdf: Uint8Array): Promise<PageContent[]> {
  // As detectFields does: a page with a text layer gets the tick boxes drawn inside its images (tesseract there).
  const ocr = await OcrSession.open(pdf);
  try {
    return await withPdfJsDocument(pdf, async (doc, pdfjs) => {
      const out: PageContent[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        let content = await extractPage(pdfjs, page, n - 1);
        if (ocr && !needsOcr(content) && content.images?.length && ocr.hasTime)
          content = await ocr.withImageMarks(n, content);
        out.push(content);
        page.cleanup();
      }
      return out;
    });
  } finally {
    await ocr?.close();
  }
}

export interface LayoutRun {
  result: DetectionResult;
  finished: Finished;
}

export function detectLayout(contents: PageContent[]): LayoutRun {
  let q = 0;
  const nextKey = (): string => `q${++q}`;
  const fields: DetectedField[] = [];
  const blankPages: number[] = [];
  for (const content of contents) {
    const res = detectPage(content, nextKey);
    if (!res.hasText) blankPages.push(content.index + 1);
    fields.push(...res.fields);
  }
  for (const n of new Set(fields.filter((f) => f.kind === 'date').map((f) => f.page)))
    addDateLayouts(fields, n, contents[n - 1]);
  const finished = finishFields(fields, contents.map(pageText), 'layout', blankPages);
  const result: DetectionResult = {
    detector: 'layout',
    pageCount: contents.length,
    fields: finished.fields,
    reviewRequired: finished.reasons.length > 0,
    reviewReasons: finished.reasons,
    warnings: [],
  };
  return { result, finished };
}
