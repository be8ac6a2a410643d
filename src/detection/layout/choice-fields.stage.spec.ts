import { findCandidates } from './candidates';
import type { CellGridRow } from './cell-grids';
import { choiceFields } from './choice-fields';
import { buildGeometry } from './geometry';
import { readPage } from './page-read';
import { loadPage } from 'test/utils/page-fixture';

// Page data dumped from the IRS W-9 (2024) flat twin, page 1 (line 3a): test/fixtures/pages/README.md.
function line3a() {
  const read = readPage(loadPage('w9-tax-classification'));
  const all = findCandidates(read.lines, buildGeometry(read.page), read.page.height);
  let q = 0;
  return { read, markers: all.filter((c) => c.choice), texts: all.filter((c) => !c.choice), key: () => `q${++q}` };
}

describe('choiceFields (page data of the W-9, line 3a)', () => {
  it('makes the six boxes of the classification rows one question, each named by the words after it', () => {
    const { read, markers, texts, key } = line3a();
    const fields = choiceFields(read, { markers, texts, grids: [], circled: [] }, key);
    const question = fields.filter((f) => f.questionKey === 'q1');
    expect(question.map((f) => f.choiceLabel)).toEqual([
      'Individual/sole proprietor',
      'C corporation',
      'S corporation',
      'Partnership',
      'Trust/estate',
      'LLC. Enter the tax classification (C = C corporation, S = S corporation, P = Partnership)',
    ]);
    expect(new Set(question.map((f) => f.prompt))).toEqual(new Set(['only one of the following seven boxes.']));
    expect(question.every((f) => f.mark === 'check' && f.confidence === 0.9)).toBe(true);
    expect(question[0].rect).toEqual([73, 603.72, 81, 611.72]);
  });

  it('makes the lone box of "Other" a check box of its own, with no question key', () => {
    const { read, markers, texts, key } = line3a();
    const other = choiceFields(read, { markers, texts, grids: [], circled: [] }, key).at(-1);
    expect(other).toMatchObject({ kind: 'checkbox', label: 'Other (see instructions)', questionKey: null });
  });

  it('draws question keys for markers, then grid rows, then words to circle', () => {
    const { read, markers, texts, key } = line3a();
    const cell = { ...texts[0], cell: { ...texts[0], fillOnly: false, filledGray: null }, columnHeader: 'Yes' };
    const grids: CellGridRow[] = [{ cells: [cell], many: false, prompt: 'Grid row' }];
    const box = { x1: 100, y1: 500, x2: 120, y2: 510 };
    const circled = [{ promptRaw: 'Circle one:', many: false, options: [{ label: 'A', box }] }];
    const fields = choiceFields(read, { markers, texts, grids, circled }, key);
    expect(fields.slice(-2).map((f) => [f.questionKey, f.prompt, f.mark])).toEqual([
      ['q2', 'Grid row', 'check'],
      ['q3', 'Circle one', 'circle'],
    ]);
  });
});
