import { CONFIDENCE_WEIGHTS, bindingGap, confidenceFeatures, confidenceOf } from './confidence';
import { BANDS, bandOf } from '../../bench/lib/extra-metrics';
import type { DetectedField } from '../shared/field-map';
import type { Token } from './layout/text';

const token = (text: string, x1: number, x2: number, y1 = 700, size = 10): Token => ({
  type: 'text',
  text,
  x1,
  x2,
  y1,
  y2: y1 + size,
  base: y1 + 2,
  size,
  bold: false,
  glyphs: [],
});

const field = (over: Partial<DetectedField>): DetectedField => ({
  kind: 'text',
  page: 1,
  rect: [100, 698, 300, 712],
  label: 'Last name',
  prompt: 'Last name',
  choiceLabel: null,
  questionKey: null,
  required: false,
  confidence: 0.85,
  ...over,
});
const box = { x1: 100, y1: 698, x2: 300, y2: 712 };

describe('confidence', () => {
  it('puts every confidence in exactly one band, in order', () => {
    expect(BANDS.map((b) => b[2])).toEqual(['< 0.5', '0.5-0.7', '0.7-0.9', '>= 0.9']);
    expect([0, 0.49, 0.5, 0.69, 0.7, 0.89, 0.9, 1].map(bandOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(bandOf(-0.1)).toBe(-1);
    expect(bandOf(Number.NaN)).toBe(-1);
  });

  it('measures how far the label is printed from the box, in em', () => {
    expect(bindingGap(box, 'Last name', [token('Last name:', 40, 95)])).toBeCloseTo(0.5);
    expect(bindingGap(box, 'Last name', [token('Last name:', 0, 40)])).toBeCloseTo(6);
    expect(bindingGap(box, 'Last name', [token('City', 40, 95)])).toBe(Infinity);
  });

  it('rates a tightly bound, labelled field above the same box with a far label or none', () => {
    const tight = confidenceOf(confidenceFeatures(field({}), box, [token('Last name:', 40, 95)], [], false));
    const far = confidenceOf(confidenceFeatures(field({}), box, [token('Last name', 40, 95, 500)], [], false));
    const none = confidenceOf(
      confidenceFeatures(field({ label: '', prompt: '', confidence: 0.51 }), box, [], [], false),
    );
    expect(tight).toBeGreaterThan(far);
    expect(tight).toBeGreaterThan(none);
    expect(far).toBeLessThan(tight);
    expect(tight).toBeGreaterThanOrEqual(0.7);
  });

  it('marks a broken question (options without distinct text) and a sentence bound as a label', () => {
    const a = field({ kind: 'select_one', questionKey: 'q1', label: 'Yes', choiceLabel: 'Yes' });
    const b = field({ kind: 'select_one', questionKey: 'q1', label: 'Yes', choiceLabel: 'Yes' });
    expect(confidenceFeatures(a, box, [], [a, b], false).question).toBe(-1);
    const c = field({ kind: 'select_one', questionKey: 'q1', label: 'No', choiceLabel: 'No' });
    expect(confidenceFeatures(a, box, [], [a, c], false).question).toBe(1);
    const long = field({ label: 'Please list every medication you take, including vitamins and supplements' });
    expect(confidenceFeatures(long, box, [], [], false).longLabel).toBe(1);
  });

  it('is a logistic function of named weights (0..1, rounded to cents)', () => {
    const x = confidenceFeatures(field({}), box, [], [], false);
    const c = confidenceOf(x);
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThan(1);
    expect(Math.round(c * 100)).toBe(c * 100);
    expect(confidenceOf(x, { ...CONFIDENCE_WEIGHTS, bias: CONFIDENCE_WEIGHTS.bias - 5 })).toBeLessThan(c);
  });
});
