import { MAX_FIELDS_PER_VERSION } from 'src/shared/constants';
import { clampRect, keepEditable } from './editable';
import type { DetectedField, Rect } from '../shared/field-map';
import { detectedField as field } from 'test/factories/fields.factory';

const PAGE: Rect = [0, 0, 612, 792];

const option = (choiceLabel: string, questionKey: string, kind: DetectedField['kind'] = 'select_one') =>
  field({ kind, choiceLabel, label: choiceLabel, prompt: 'Sex', questionKey, rect: [72, 600, 82, 610] });

describe('keepEditable: the map detection emits saves unchanged', () => {
  it('names an option without printed text "Option n" (review has flagged it) and keeps its question', () => {
    const { fields } = keepEditable([option('Yes', 'q1'), option(' ', 'q1'), option('', 'q1')], [PAGE]);
    expect(fields.map((f) => [f.kind, f.choiceLabel, f.label, f.questionKey])).toEqual([
      ['select_one', 'Yes', 'Yes', 'q1'],
      ['select_one', 'Option 2', 'Option 2', 'q1'],
      ['select_one', 'Option 3', 'Option 3', 'q1'],
    ]);
  });

  it('makes a one-option pick-one question, and an option without a question, a check box', () => {
    const lone = option('I agree', 'q1');
    const keyless = field({ kind: 'select_many', choiceLabel: 'Email', questionKey: null });
    keepEditable([lone, keyless], [PAGE]);
    expect([lone.kind, lone.questionKey, lone.choiceLabel]).toEqual(['checkbox', null, 'I agree']);
    expect([keyless.kind, keyless.questionKey]).toEqual(['checkbox', null]);
  });

  it('gives a question of mixed kinds its most common kind, and text fields no question or option text', () => {
    const q = [option('A', 'q1', 'select_many'), option('B', 'q1', 'select_many'), option('C', 'q1')];
    const text = field({ questionKey: 'q9', choiceLabel: 'stray' });
    keepEditable([...q, text], [PAGE]);
    expect(q.map((o) => o.kind)).toEqual(['select_many', 'select_many', 'select_many']);
    expect([text.questionKey, text.choiceLabel]).toEqual([null, null]);
  });

  it('clamps rects to the page, orders their corners and keeps each side at least 1 pt', () => {
    expect(clampRect([-5, 780, 100, 800], PAGE)).toEqual([0, 780, 100, 792]);
    expect(clampRect([100, 20, 50, 10], PAGE)).toEqual([50, 10, 100, 20]);
    expect(clampRect([612, 100, 640, 110], PAGE)).toEqual([611, 100, 612, 110]);
    const [x1, , x2] = clampRect([10, 10, 10.001, 30], PAGE);
    expect(x2 - x1).toBeCloseTo(1, 6);
    expect((x1 + x2) / 2).toBeCloseTo(10.0005, 6);
  });

  it('cuts texts to the edit limits and keeps at most MAX_FIELDS_PER_VERSION fields, saying so', () => {
    const long = field({ label: 'x'.repeat(600), prompt: 'y'.repeat(1200) });
    const many = Array.from({ length: MAX_FIELDS_PER_VERSION + 1 }, () => field({}));
    const { fields, reasons } = keepEditable([long, ...many], [PAGE]);
    expect([long.label.length, long.prompt.length]).toEqual([500, 1000]);
    expect(fields).toHaveLength(MAX_FIELDS_PER_VERSION);
    expect(reasons).toEqual([expect.stringContaining(`first ${MAX_FIELDS_PER_VERSION} of 2002 fields`)]);
    expect(keepEditable([field({})], [PAGE]).reasons).toEqual([]);
    const broken = field({ label: 'Name \uD800', prompt: `${'p'.repeat(998)}\uD83D\uDE00x` });
    keepEditable([broken], [PAGE]);
    expect(broken.label).toBe('Name \uFFFD');
    expect(broken.prompt).toBe(`${'p'.repeat(998)}…`);
  });
});
