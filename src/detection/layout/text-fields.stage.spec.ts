import type { Candidate } from './candidate';
import { findCandidates } from './candidates';
import { buildGeometry } from './geometry';
import { readPage } from './page-read';
import { labelTexts, pickTexts, textFields } from './text-fields';
import { loadPage } from 'test/utils/page-fixture';

// Page data dumped from the IRS W-9 (2024) flat twin, page 1: test/fixtures/pages/README.md.
function stagesBefore(name: string) {
  const read = readPage(loadPage(name));
  const all = findCandidates(read.lines, buildGeometry(read.page), read.page.height);
  return { read, all, markers: all.filter((c) => c.choice) };
}
const rule = (x1: number, y1: number, x2: number, confidence: number): Candidate => ({
  x1,
  y1,
  x2,
  y2: y1 + 13,
  source: 'line',
  choice: false,
  base: y1 + 1,
  size: 9,
  confidence,
});

describe('pickTexts (page data of the W-9)', () => {
  it('keeps the two entry rules of line 3a and none of its tick boxes', () => {
    const { read, all } = stagesBefore('w9-tax-classification');
    const { texts, grids } = pickTexts(all, [], read.tokens);
    expect(texts.map((c) => [c.source, Math.round(c.x1), Math.round(c.y1)])).toEqual([
      ['line', 162, 552],
      ['line', 417, 589],
    ]);
    expect(grids).toEqual([]);
  });

  it('drops a text candidate a tick box covers, and the less sure of two that overlap', () => {
    const { read, all, markers } = stagesBefore('w9-tax-classification');
    const box = markers[0];
    const onBox = { ...rule(box.x1, box.y1, box.x2, 0.9), y2: box.y2 };
    const twin = rule(163, 552, 440, 0.5);
    const { texts } = pickTexts([...all, onBox, twin], [], read.tokens);
    expect(texts).not.toContain(onBox);
    expect(texts).not.toContain(twin);
    expect(texts).toHaveLength(2);
  });

  it('leaves a text candidate under a word to circle to that word', () => {
    const { read, all } = stagesBefore('w9-tax-classification');
    const other = all.find((c) => !c.choice && c.y1 < 560)!;
    const circled = [{ promptRaw: 'Other', many: false, y: 555, options: [{ label: 'x', box: { ...other } }] }];
    expect(pickTexts(all, circled, read.tokens).texts).not.toContain(other);
  });
});

describe('labelTexts (page data of the W-9)', () => {
  it('binds each entry rule of line 3a to the words on its left', () => {
    const { read, all, markers } = stagesBefore('w9-tax-classification');
    const { texts } = pickTexts(all, [], read.tokens);
    expect(labelTexts(texts, markers, read.tokens).map((x) => [x.hit.where, x.hit.raw])).toEqual([
      ['left', 'Other (see instructions)'],
      ['left', 'LLC. Enter the tax classification (C = C corporation, S = S corporation, P = Partnership)'],
    ]);
  });

  it('gives a continuation line under a labelled line that line’s label', () => {
    const { read, all, markers } = stagesBefore('w9-tax-classification');
    const { texts } = pickTexts(all, [], read.tokens);
    const other = texts[0];
    const under = rule(other.x1, other.y1 - 20, other.x2, 0.75);
    const labelled = labelTexts([...texts, under], markers, read.tokens);
    expect(labelled[2].hit).toBe(labelled[0].hit);
  });
});

describe('textFields (page data of the W-9)', () => {
  it('makes the box of line 2 a text field labelled by the words in its corner', () => {
    const { read, all, markers } = stagesBefore('w9-name-lines');
    const { texts } = pickTexts(all, [], read.tokens);
    const fields = textFields(read, labelTexts(texts, markers, read.tokens));
    expect(fields).toEqual([
      {
        kind: 'text',
        page: 1,
        rect: [58.6, 636.97, 575.25, 649.87],
        label: '2 Business name/disregarded entity name, if different from above.',
        prompt: '2 Business name/disregarded entity name, if different from above.',
        choiceLabel: null,
        questionKey: null,
        required: false,
        confidence: 0.8,
      },
    ]);
  });

  it('drops an unlabelled rule across the page (a separator) and keeps a field’s confidence down when unlabelled', () => {
    const { read } = stagesBefore('w9-name-lines');
    const separator = rule(36, 300, 576, 0.75);
    const short = rule(300, 300, 400, 0.75);
    const fields = textFields(read, [
      { c: separator, hit: { raw: '', token: null, where: 'none' } },
      { c: short, hit: { raw: '', token: null, where: 'none' } },
    ]);
    expect(fields.map((f) => [f.rect[0], f.label, f.confidence])).toEqual([[300, '', 0.75 * 0.6]]);
  });
});
