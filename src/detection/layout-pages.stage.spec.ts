import type { LayoutPages } from './layout-pages';
import { layoutPages } from './layout-pages';
import { PageBudget, type PageContents } from './page-budget';
import type { PageContent } from './layout/types';
import { loadPage } from 'test/utils/page-fixture';

// Page data dumped from the IRS W-9 (2024) flat twin, page 1: test/fixtures/pages/README.md.
function read(contents: PageContent[], budget = new PageBudget(undefined)): Promise<LayoutPages> {
  const pages: PageContents = { get: (n) => Promise.resolve(contents[n - 1]), set: () => undefined };
  return layoutPages(new Uint8Array(), pages, budget, contents.length, { ocr: false });
}

describe('layoutPages (page data of the W-9)', () => {
  it('reads each page by its layout, question keys running on from page to page', async () => {
    const line3a = loadPage('w9-tax-classification');
    const found = await read([line3a, { ...line3a, index: 1 }]);
    const keys = found.fields.map((f) => `${f.page}:${f.questionKey}`).filter((k) => !k.endsWith('null'));
    expect(new Set(keys)).toEqual(new Set(['1:q1', '2:q2']));
    expect(found.fields.filter((f) => f.kind === 'text').map((f) => f.page)).toEqual([1, 1, 2, 2]);
    expect(found.ocrPages.size + found.ocrFailures.length + found.warnings.length).toBe(0);
  });

  it('lists a page with no text as blank', async () => {
    const names = loadPage('w9-name-lines');
    const found = await read([names, { ...names, index: 1, glyphs: [], hLines: [], vLines: [], shapes: [] }]);
    expect(found.blankPages).toEqual([2]);
    expect(found.fields.map((f) => [f.page, f.label])).toEqual([
      [1, '2 Business name/disregarded entity name, if different from above.'],
    ]);
  });

  it('takes nothing from a page given up for time', async () => {
    const budget = new PageBudget(undefined);
    budget.skipped = (n) => n === 1;
    const found = await read([loadPage('w9-name-lines')], budget);
    expect(found.fields).toEqual([]);
  });
});
