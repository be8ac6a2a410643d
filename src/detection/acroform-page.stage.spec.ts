import type { AcroWidget } from './acroform';
import type { DetectedField, Rect } from '../shared/field-map';
import type { Glyph, PageContent, Segment } from './layout/types';
import { layoutPages } from './layout-pages';
import { PageBudget } from './page-budget';

/** Page data as extraction dumps it (upright space = user space here): one glyph per character, 0.5 em wide. */
function page(words: Array<[string, number, number]>, hLines: Segment[] = []): PageContent {
  const glyphs: Glyph[] = [];
  for (const [s, x0, base] of words) {
    [...s].forEach((ch, i) => {
      const x1 = x0 + i * 5;
      if (ch !== ' ')
        glyphs.push({
          ch,
          x1,
          x2: x1 + 5,
          y1: base - 2,
          y2: base + 8,
          base,
          size: 10,
          font: 'F',
          mono: false,
          bold: false,
        });
    });
  }
  const id = (x: number, y: number): [number, number] => [x, y];
  return {
    index: 0,
    width: 612,
    height: 792,
    toUser: id,
    fromUser: id,
    glyphs,
    hLines,
    vLines: [],
    shapes: [],
    fills: [],
  };
}

let n = 0;
function widget(type: AcroWidget['type'], rect: Rect, extra: Partial<AcroWidget> = {}, field = {}): AcroWidget {
  const name = extra.name ?? `Text${++n}`;
  const base = { page: 1, rect, required: false, confidence: 1, questionKey: null, choiceLabel: null };
  const kind = type === 'Sig' ? 'signature' : type === 'Btn' ? 'checkbox' : 'text';
  return {
    field: { ...base, kind, label: '', prompt: '', acroform: { fieldName: name, widgetIndex: 0 }, ...field },
    name,
    type,
    dateFormat: false,
    tooltip: 'undefined',
    ...extra,
  };
}

const read = async (widgets: AcroWidget[], content: PageContent): Promise<DetectedField[]> => {
  const pages = { get: () => Promise.resolve(content), set: () => undefined };
  return (await layoutPages(new Uint8Array(), pages, new PageBudget(undefined), 1, { ocr: false }, widgets)).fields;
};

describe('AcroForm widgets as layout candidates (page data)', () => {
  it('makes tiny square text widgets under Yes / No heads tick marks, one question per row', async () => {
    const content = page([
      ['Yes', 300, 712],
      ['No', 340, 712],
      ['Do you smoke?', 50, 690],
      ['Do you drink alcohol?', 50, 670],
    ]);
    const ticks = [690, 670].flatMap((y) => [
      widget('Tx', [302, y - 1, 311, y + 8]),
      widget('Tx', [340, y - 1, 349, y + 8]),
    ]);
    const fields = await read(ticks, content);
    expect(fields.map((f) => [f.kind, f.choiceLabel, f.prompt, f.mark])).toEqual([
      ['select_one', 'Yes', 'Do you smoke?', 'check'],
      ['select_one', 'No', 'Do you smoke?', 'check'],
      ['select_one', 'Yes', 'Do you drink alcohol?', 'check'],
      ['select_one', 'No', 'Do you drink alcohol?', 'check'],
    ]);
    expect(fields[0].questionKey).toBe(fields[1].questionKey);
    expect(fields[0].questionKey).not.toBe(fields[2].questionKey);
    expect(fields.every((f) => f.acroform?.fieldName.startsWith('Text'))).toBe(true);
  });

  it('does not trust an indexed tool tooltip ("Other [1]") over the printed label', async () => {
    const content = page([['Pharmacy name:', 50, 700]]);
    const fields = await read([widget('Tx', [130, 697, 400, 711], { tooltip: 'Other [1]' })], content);
    expect(fields.map((f) => f.label)).toEqual(['Pharmacy name']);
  });

  it('reports a printed signature line with no widget when its row has a widget (its date)', async () => {
    const rule = (x1: number, x2: number): Segment => ({ x1, x2, y1: 100, y2: 100, width: 0.6 });
    const content = page(
      [
        ['Patient Signature', 50, 90],
        ['Date', 400, 90],
      ],
      [rule(50, 350), rule(400, 540)],
    );
    const fields = await read([widget('Tx', [400, 100, 540, 114])], content);
    expect(fields.map((f) => [f.kind, f.label, f.acroform === undefined])).toEqual([
      ['date', 'Date', false],
      ['signature', 'Patient Signature', true],
    ]);
  });
});
