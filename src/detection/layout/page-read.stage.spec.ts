import { pageFrame } from './extract';
import { detectPage } from './page-fields';
import { readPage, userRect } from './page-read';
import { loadPage } from 'test/utils/page-fixture';

// Page data dumped from the IRS W-9 (2024) flat twin, page 1: test/fixtures/pages/README.md.
describe('readPage (page data of the W-9)', () => {
  it('reads the lines top to bottom, with the words that may be labels', () => {
    const read = readPage(loadPage('w9-name-lines'));
    expect(read.lines.map((l) => l.tokens[0].text)).toEqual(['1', 'entity’s name on line 2.)', '2']);
    expect(read.tokens.map((t) => t.text)).toContain('Business name/disregarded entity name, if different from above.');
  });

  it('starts a section at each line printed all in bold, none where there is none', () => {
    const page = loadPage('w9-tax-classification');
    expect([560, 600].map(readPage(page).sectionStart)).toEqual([Infinity, Infinity]);
    // The row of the first five boxes, made bold: the rows under it are in its section.
    for (const g of page.glyphs) g.bold ||= Math.abs(g.base - 605) < 1;
    const start = readPage(page).sectionStart;
    expect([start(560), start(600), start(610)]).toEqual([604.97, 604.97, Infinity]);
  });

  it('writes a box as a user-space rect rounded to 0.01 pt, undoing the page /Rotate', () => {
    const turned = pageFrame([0, 0, 612, 792], 90, 0);
    expect(turned.width).toBe(792);
    const [x, y] = turned.fromUser(100.123, 200.456);
    expect(userRect(turned, { x1: x, y1: y, x2: x + 10, y2: y + 5 })).toEqual([95.12, 200.46, 100.12, 210.46]);
  });
});

describe('detectPage: the stages in a row (page data of the W-9)', () => {
  it('gives the text fields, then the choice fields with their question keys', () => {
    let q = 0;
    const res = detectPage(loadPage('w9-tax-classification'), () => `q${++q}`);
    expect(res.hasText).toBe(true);
    // By mark, not kind: the page's "Check only one" wraps onto two lines and is not read as the instruction.
    expect(res.fields.map((f) => [f.mark ?? 'text', f.questionKey])).toEqual([
      ['text', null],
      ['text', null],
      ...Array(6).fill(['check', 'q1']),
      ['check', null],
    ]);
  });
});
