/**
 * Time budget of one detection run, so one pathological page costs a bounded time and never fails the whole import: a
 * page whose reading runs over `pageMs` is given up (no fields, a review reason asks staff to place them by hand), and
 * no page is started once `documentMs` is spent. Checked between stages: the operator list (pdf.js yields, so it is
 * raced against the page's time), the interpretation, and the layout analysis, which is skipped for a page given up. A
 * single synchronous stage is not interrupted; the sandbox's hard deadline covers that.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { extractPage, pageFrame } from './layout/extract';
import type { PageContent } from './layout/types';
import type { PdfJsModule } from './pdfjs-loader';

export interface DetectionBudget {
  /** Most time one page's reading may take, in ms. */
  pageMs: number;
  /** No page is started after this many ms since detection began. */
  documentMs: number;
}

export class PageBudget {
  private readonly startedAt = Date.now();
  private readonly slow: number[] = [];
  private readonly unread: number[] = [];

  constructor(private readonly budget: DetectionBudget | undefined) {}

  /** The page was given up or not read for time: its layout is not analysed. */
  skipped(n: number): boolean {
    return this.slow.includes(n) || this.unread.includes(n);
  }

  /** Reads page n with `extract`, or gives it up (an empty page) when it runs over its time. */
  async read(n: number, page: PDFPageProxy, extract: () => Promise<PageContent>): Promise<PageContent> {
    const budget = this.budget;
    if (!budget) return extract();
    const pageStart = Date.now();
    if (pageStart - this.startedAt < budget.documentMs) {
      let timer: NodeJS.Timeout | undefined;
      const overtime = new Promise<'over'>((resolve) => (timer = setTimeout(() => resolve('over'), budget.pageMs)));
      const reading = extract();
      // A reading given up may still fail later (its document is destroyed): nobody waits for it then.
      reading.catch(() => undefined);
      const outcome = await Promise.race([reading, overtime]);
      clearTimeout(timer);
      if (outcome !== 'over' && Date.now() - pageStart <= budget.pageMs) return outcome;
      this.slow.push(n);
    } else this.unread.push(n);
    return pageFrame(page.view, page.rotate, n - 1);
  }

  /** Review reasons for the pages given up or not read (empty when none). */
  reasons(): string[] {
    const seconds = Math.round((this.budget?.pageMs ?? 0) / 100) / 10;
    const out = this.slow.map((n) => `Page ${n} took too long to read (over ${seconds} s): place its fields by hand`);
    if (this.unread.length > 0) {
      const list = this.unread.length === 1 ? `Page ${this.unread[0]} was` : `Pages ${this.unread.join(', ')} were`;
      out.push(`${list} not read: the form took too long to read; place their fields by hand`);
    }
    return out;
  }
}

/** Stage 1 of detectFields (index.ts): each page's content, extracted once within the budget and kept. */
export interface PageContents {
  /** Page n's content (1-based), extracted on first use. */
  get: (n: number) => Promise<PageContent>;
  set: (n: number, content: PageContent) => void;
}

export function pageContents(doc: PDFDocumentProxy, pdfjs: PdfJsModule, budget: PageBudget): PageContents {
  const contents = new Map<number, PageContent>();
  return {
    get: async (n) => {
      if (contents.has(n)) return contents.get(n)!;
      const page = await doc.getPage(n);
      const c = await budget.read(n, page, () => extractPage(pdfjs, page, n - 1));
      page.cleanup();
      contents.set(n, c);
      return c;
    },
    set: (n, content) => void contents.set(n, content),
  };
}
