import { addDates, ocrReason, placeOnScans, textPages } from './detect-stages';
import type { DetectedField, Rect } from '../shared/field-map';
import type { PageContents } from './page-budget';
import { loadPage } from 'test/utils/page-fixture';

// Page data dumped from the IRS W-9 (2024) flat twin, page 1: test/fixtures/pages/README.md.
const pages = (): PageContents => {
  const contents = [loadPage('w9-name-lines'), { ...loadPage('w9-tax-classification'), index: 1 }];
  return { get: (n) => Promise.resolve(contents[n - 1]), set: () => undefined };
};
const field = (page: number, over: Partial<DetectedField> = {}): DetectedField => ({
  kind: 'text',
  page,
  rect: [100, 600, 200, 614],
  label: '',
  prompt: '',
  choiceLabel: null,
  questionKey: null,
  required: false,
  confidence: 0.9,
  ...over,
});

describe('addDates (page data of the W-9)', () => {
  it('gives a date field the order of parts its label prints, and leaves other fields alone', async () => {
    const fields = [field(2, { kind: 'date', label: 'Date (DD/MM/YYYY)' }), field(2, { label: 'Name' })];
    await addDates(fields, pages());
    expect(fields[0].dateLayout).toEqual({ order: ['day', 'month', 'year'] });
    expect(fields[1].dateLayout).toBeUndefined();
  });
});

describe('textPages (page data of the W-9)', () => {
  it('reads every page for the layout, only the pages with fields for an AcroForm', async () => {
    const fields = [field(2)];
    expect((await textPages(fields, pages(), 2, false)).map((p) => p.page)).toEqual([1, 2]);
    const acro = await textPages(fields, pages(), 2, true);
    expect(acro.map((p) => [p.page, p.lines[0].tokens[0].text])).toEqual([
      [2, 'only one of the following seven boxes.'],
    ]);
  });
});

describe('placeOnScans', () => {
  it('moves fields of a page read by OCR onto the scan and caps their confidence by the read', () => {
    const fields = [field(1, { confidence: 0.9 }), field(2, { confidence: 0.9 })];
    const shift = (r: Rect): Rect => [r[0] + 1, r[1] + 2, r[2] + 1, r[3] + 2];
    placeOnScans(fields, { scanPlacement: new Map([[1, shift]]), ocrPages: new Map([[1, 0.8]]) });
    expect(fields.map((f) => [f.rect, f.confidence])).toEqual([
      [[101, 602, 201, 616], 0.68],
      [[100, 600, 200, 614], 0.9],
    ]);
  });

  it('names the pages read by OCR in one review reason', () => {
    expect(ocrReason()).toEqual([]);
    expect(ocrReason(new Map([[2, 0.9]]))).toEqual([
      'Page 2 was read by OCR (scanned: no usable text layer): check every field',
    ]);
    expect(
      ocrReason(
        new Map([
          [1, 0.9],
          [3, 0.8],
        ]),
      )[0],
    ).toMatch(/^Pages 1, 3 were read by OCR/);
  });
});
