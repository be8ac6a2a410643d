import type { DetectedField } from '../shared/field-map';
import type { PageText } from './page-text';
import { LOW_CONFIDENCE } from 'src/shared/constants';
import { MAX_REASONS, reviewReasons } from './review';

const field = (over: Partial<DetectedField>): DetectedField => ({
  kind: 'text',
  page: 1,
  rect: [100, 700, 300, 714],
  label: 'Name',
  prompt: 'Name',
  choiceLabel: null,
  questionKey: null,
  required: false,
  confidence: 0.95,
  section: '',
  ...over,
});

const page = (n: number, words: string[]): PageText => ({
  page: n,
  width: 612,
  height: 792,
  fromUser: (x, y) => [x, y],
  lines: [
    {
      x1: 50,
      x2: 300,
      y1: 100,
      y2: 110,
      base: 100,
      size: 10,
      tokens: words.map((text, i) => ({
        type: 'text' as const,
        text,
        x1: 50 + 100 * i,
        x2: 140 + 100 * i,
        y1: 100,
        y2: 110,
        base: 100,
        size: 10,
        bold: false,
        glyphs: [],
      })),
    },
  ],
});

describe('review reasons', () => {
  it('has none for a clean field map', () => {
    expect(reviewReasons([field({}), field({ rect: [100, 600, 300, 614], kind: 'signature' })], [], 'layout')).toEqual(
      [],
    );
  });

  it('says where a low-confidence field is: page, section and its label', () => {
    const reasons = reviewReasons(
      [field({ page: 2, section: 'Insurance', label: 'Member ID', confidence: LOW_CONFIDENCE - 0.1 })],
      [],
      'layout',
    );
    expect(reasons).toEqual(['Page 2, section "Insurance": 1 field has low confidence ("Member ID")']);
  });

  it('groups unlabelled fields and options without option text by place', () => {
    const reasons = reviewReasons(
      [
        field({ label: '', prompt: '', section: 'History', rect: [100, 500, 200, 514] }),
        field({ label: '', prompt: '', section: 'History', rect: [100, 400, 200, 414] }),
        field({ kind: 'select_one', questionKey: 'q1', label: '', prompt: 'Smoker?', rect: [10, 10, 18, 18] }),
      ],
      [],
      'layout',
    );
    expect(reasons).toContain('Page 1, section "History": 2 fields have no label (a text box, a text box)');
    expect(reasons).toContain('Page 1: 1 option has no printed option text (named "Option n") ("Smoker?")');
  });

  it('flags overlapping layout fields of different questions, not options of one question', () => {
    const a = field({ rect: [100, 700, 300, 714] });
    const b = field({ label: 'Other', prompt: 'Other', rect: [110, 702, 310, 716] });
    expect(reviewReasons([a, b], [], 'layout').join()).toMatch(/2 fields overlap others/);
    const o1 = field({ kind: 'select_one', questionKey: 'q1', choiceLabel: 'A', rect: [10, 10, 30, 20] });
    const o2 = field({ kind: 'select_one', questionKey: 'q1', choiceLabel: 'B', rect: [12, 10, 32, 20] });
    expect(reviewReasons([o1, o2], [], 'layout').join()).not.toMatch(/overlap/);
  });

  it('flags a page that prints "Signature" or "Firma" when no signature field was found', () => {
    expect(reviewReasons([field({})], [], 'layout', [page(1, ['Firma del paciente'])])).toEqual([
      'Page 1: "Signature" is printed but no signature field was found',
    ]);
    expect(reviewReasons([field({ kind: 'signature' })], [], 'layout', [page(1, ['Signature'])])).toEqual([]);
  });

  it('keeps the list bounded and counts the rest', () => {
    const fields = Array.from({ length: 30 }, (_, i) =>
      field({ page: i + 1, label: `F${i}`, confidence: 0.1, rect: [100, 700, 300, 714] }),
    );
    const reasons = reviewReasons(fields, [], 'layout');
    expect(reasons).toHaveLength(MAX_REASONS);
    expect(reasons[MAX_REASONS - 1]).toBe(`${30 - (MAX_REASONS - 1)} more places need review`);
    expect(reasons[0]).toMatch(/^Page 1: /);
  });

  it('keeps the blank-page and no-fields sentences', () => {
    expect(reviewReasons([], [2], 'layout')).toEqual(['Page 2 has no text layer: fields must be placed by hand']);
    expect(reviewReasons([], [], 'layout')).toEqual(['No fields were found: check that this is a form']);
  });
});
