import { PDFArray, PDFDocument, PDFFont, PDFName, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import { detectFields } from '../detection';
import type { Rect } from '../shared/field-map';
import { renderCompletedPdf, type RenderField } from './index';
import { extractInk } from './signature-ink';
import { extractText, makeScrawlPng, type TextItem } from './test-support';

jest.setTimeout(30000);

const base = (fieldId: string, extra: Partial<RenderField>): RenderField => ({
  fieldId,
  questionId: `q_${fieldId}`,
  kind: 'text',
  page: 1,
  rect: [0, 0, 0, 0],
  label: fieldId,
  prompt: fieldId,
  choiceLabel: null,
  questionKey: null,
  required: false,
  confidence: 1,
  ...extra,
});

function lastContent(doc: PDFDocument): string {
  const contents = doc.getPages()[0].node.Contents();
  const all = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const last = doc.context.lookup(all[all.length - 1]);
  if (!(last instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(last).decode()).toString('latin1');
}

/** A form that prints `Date of birth: ___/___/_____` and `Visit date (DD/MM/YYYY): ___/___/_____`. */
async function dateForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Date of birth: ______/______/__________', { x: 72, y: 700, size: 11, font });
  page.drawText('Visit date (DD/MM/YYYY): ______/______/__________', { x: 72, y: 650, size: 11, font });
  page.drawText('Patient name: ______________________________', { x: 72, y: 600, size: 11, font });
  return doc.save();
}

/** x positions of the printed slashes on the line at baseline y (pdf.js gives runs: measure with the font). */
function slashXs(items: TextItem[], y: number, font: PDFFont): number[] {
  const xs: number[] = [];
  for (const it of items.filter((i) => Math.abs(i.y - y) < 2 && i.str.includes('/'))) {
    for (let k = it.str.indexOf('/'); k >= 0; k = it.str.indexOf('/', k + 1)) {
      xs.push(it.x + font.widthOfTextAtSize(it.str.slice(0, k), 11) + font.widthOfTextAtSize('/', 11) / 2);
    }
  }
  return xs;
}

describe('dates written between the printed separators', () => {
  let fields: RenderField[];
  let items: TextItem[];
  let helvetica: PDFFont;

  beforeAll(async () => {
    helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const pdf = await dateForm();
    const detected = await detectFields(new Uint8Array(pdf));
    fields = detected.fields.map((f, i) => ({ ...f, fieldId: `f${i}`, questionId: `q${i}` }));
    const dates = fields.filter((f) => f.kind === 'date');
    expect(dates).toHaveLength(2);
    const answers = Object.fromEntries(dates.map((f) => [f.fieldId, '1984-07-09']));
    const out = await renderCompletedPdf({ pdf, fields, answers, signatures: {} });
    items = (await extractText(out))[0];
  });

  it('records the separators and the printed order on the field', () => {
    const [dob, visit] = fields.filter((f) => f.kind === 'date').sort((a, b) => b.rect[1] - a.rect[1]);
    expect(dob.dateLayout?.order).toEqual(['month', 'day', 'year']);
    expect(dob.dateLayout?.spans).toHaveLength(3);
    expect(visit.dateLayout?.order).toEqual(['day', 'month', 'year']);
  });

  it('puts each part between the separators, in the printed order, never over a separator', () => {
    for (const [y, expected] of [
      [700, ['07', '09', '1984']],
      [650, ['09', '07', '1984']],
    ] as const) {
      const slashes = slashXs(items, y, helvetica).slice(-2); // the blank's, not the hint's "DD/MM/YYYY"
      const written = items
        .filter((i) => /^\d+$/.test(i.str.trim()) && Math.abs(i.y - y) < 8)
        .sort((a, b) => a.x - b.x);
      expect(written.map((i) => i.str.trim())).toEqual([...expected]);
      // part 1 ends before the first slash, part 2 sits between them, part 3 starts after the second
      expect(written[0].x).toBeLessThan(slashes[0]);
      expect(written[1].x).toBeGreaterThan(slashes[0]);
      expect(written[1].x).toBeLessThan(slashes[1]);
      expect(written[2].x).toBeGreaterThan(slashes[1]);
    }
  });
});

describe('circled words and signatures', () => {
  const word: Rect = [100, 500, 130, 514];
  const sigBox: Rect = [300, 400, 520, 440];
  let content: string;
  let doc: PDFDocument;

  beforeAll(async () => {
    const src = await PDFDocument.create();
    const font = await src.embedFont(StandardFonts.Helvetica);
    const page = src.addPage([612, 792]);
    page.drawText('Mild', { x: 102, y: 504, size: 10, font });
    page.drawText('Severe', { x: 142, y: 504, size: 10, font });
    const fields: RenderField[] = [
      base('mild', { kind: 'select_one', rect: word, mark: 'circle', questionKey: 'q', choiceLabel: 'Mild' }),
      base('severe', { kind: 'select_one', rect: [140, 500, 176, 514], mark: 'circle', choiceLabel: 'Severe' }),
      base('sig', { kind: 'signature', rect: sigBox }),
    ];
    // a small scrawl (120 x 30 px) in the middle of a 600 x 200 pad
    const png = makeScrawlPng(600, 200, { x: 240, y: 85, w: 120, h: 30 });
    const out = await renderCompletedPdf({
      pdf: await src.save(),
      fields,
      answers: { mild: true, severe: false },
      signatures: { sig: png },
    });
    doc = await PDFDocument.load(out);
    content = lastContent(doc);
  });

  it('draws an ellipse (four Bézier curves) around the chosen word only', () => {
    expect(content).toMatch(/1 0 0 1 100 500 cm[\s\S]*?(?:[-\d.]+ ){6}c[\s\S]*?(?:[-\d.]+ ){6}c[\s\S]*?S/);
    expect(content).not.toContain('1 0 0 1 140 500 cm');
  });

  it('crops a signature to its ink and fills the box height, keeping the aspect ratio', () => {
    const ink = extractInk(makeScrawlPng(600, 200, { x: 240, y: 85, w: 120, h: 30 }));
    expect(ink).not.toBeNull();
    expect(ink!.width).toBeLessThanOrEqual(126);
    expect(ink!.height).toBeLessThanOrEqual(36);
    // the image matrix: "dw 0 0 dh x y cm" right before the Do
    const m = /([\d.]+) 0 0 ([\d.]+) [\d.]+ [\d.]+ cm\s*\/\S+ Do/.exec(content);
    expect(m).not.toBeNull();
    const [dw, dh] = [Number(m![1]), Number(m![2])];
    const boxH = sigBox[3] - sigBox[1];
    const boxW = sigBox[2] - sigBox[0];
    expect(dh / (boxH - 2)).toBeGreaterThan(0.97); // fills the height (1 pt padding top and bottom)
    expect(dw).toBeLessThanOrEqual(boxW);
    expect(dw / dh).toBeCloseTo(ink!.width / ink!.height, 2);
  });

  it('makes faint stroke edges dark: every inked pixel of the mask is boosted', () => {
    const ink = extractInk(makeScrawlPng(600, 200, { x: 240, y: 85, w: 120, h: 30 }))!;
    const values = [...ink.alpha].filter((a) => a > 0);
    // the source's core strokes are alpha 200 at 88 % darkness: boosted to full opacity
    expect(Math.max(...values)).toBe(255);
    const images = [...doc.context.enumerateIndirectObjects()].filter(
      ([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('SMask')) !== undefined,
    );
    expect(images).toHaveLength(1);
  });

  it('returns null for a pad with no ink', () => {
    expect(extractInk(makeScrawlPng(50, 20, { x: 0, y: 0, w: 0, h: 0 }))).toBeNull();
  });
});
