import { readFileSync } from 'fs';
import path from 'path';
import { PageBudget, pageContents } from './page-budget';
import { withPdfJsDocument } from './pdf-document';

// The IRS W-9 (2024) flat twin, a real dev form (test/fixtures/pdfs).
const w9 = (): Uint8Array =>
  new Uint8Array(readFileSync(path.join(__dirname, '../../test/fixtures/pdfs/irs-w9-2024.flat.pdf')));

describe('pageContents (the W-9)', () => {
  it('extracts a page once and keeps it, until a later stage replaces it', async () => {
    await withPdfJsDocument(w9(), async (doc, pdfjs) => {
      const pages = pageContents(doc, pdfjs, new PageBudget(undefined));
      const first = await pages.get(1);
      expect(first.glyphs.length).toBeGreaterThan(1000);
      expect(await pages.get(1)).toBe(first);
      const replaced = { ...first, glyphs: [] };
      pages.set(1, replaced);
      expect(await pages.get(1)).toBe(replaced);
    });
  });

  it('gives up a page once the document is out of time: its frame, nothing on it, a review reason', async () => {
    await withPdfJsDocument(w9(), async (doc, pdfjs) => {
      const budget = new PageBudget({ pageMs: 10_000, documentMs: 0 });
      const page = await pageContents(doc, pdfjs, budget).get(1);
      expect([Math.round(page.width), Math.round(page.height), page.glyphs.length]).toEqual([612, 792, 0]);
      expect(budget.skipped(1)).toBe(true);
      expect(budget.reasons()).toEqual([
        'Page 1 was not read: the form took too long to read; place their fields by hand',
      ]);
    });
  });
});
