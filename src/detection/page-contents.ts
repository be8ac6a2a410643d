/**
 * Stage 1 of detectFields (index.ts): each page's content, extracted once within the time budget (page-budget.ts)
 * and kept for the later stages; OCR replaces a scanned page's.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { extractPage } from './layout/extract';
import type { PageContent } from './layout/types';
import type { PageBudget } from './page-budget';
import type { PdfJsModule } from './pdfjs-loader';

export interface PageContents {
  /** Page n's content (1-based), extracted on first use. */
  get: (n: number) => Promise<PageContent>;
  set: (n: number, content: PageContent) => void;
}

export function pageContents(doc: PDFDocumentProxy, pdfjs: PdfJsModule, budget: PageBudget): PageContents {
  const contents = new Map<number, PageContent>();
  return {
    get: async (n) => {
      let c = contents.get(n);
      if (!c) {
        const page = await doc.getPage(n);
        c = await budget.read(n, page, () => extractPage(pdfjs, page, n - 1));
        page.cleanup();
        contents.set(n, c);
      }
      return c;
    },
    set: (n, content) => void contents.set(n, content),
  };
}
