import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFTextField,
  StandardFonts,
  decodePDFRawStream,
  degrees,
} from 'pdf-lib';
import type { FieldKind, Rect } from '../shared/field-map';
import { RenderInputError, renderCompletedPdf, type RenderField, type RenderInput } from './index';
import { extractText, makeSignaturePng, type TextItem } from './test-support';

jest.setTimeout(30000);

function field(
  fieldId: string,
  kind: FieldKind,
  page: number,
  rect: Rect,
  extra: Partial<RenderField> = {},
): RenderField {
  return {
    fieldId,
    questionId: `q_${fieldId}`,
    kind,
    page,
    rect,
    label: fieldId,
    prompt: fieldId,
    choiceLabel: null,
    questionKey: null,
    required: false,
    confidence: 1,
    ...extra,
  };
}

const within = (item: TextItem, rect: Rect, slack = 2): boolean =>
  item.x >= rect[0] - slack && item.x <= rect[2] + slack && item.y >= rect[1] - slack && item.y <= rect[3] + slack;

function textIn(items: TextItem[], rect: Rect, slack = 2): string {
  return items
    .filter((i) => within(i, rect, slack))
    .map((i) => i.str)
    .join(' ');
}

const hasQpdf = ((): boolean => {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function qpdfCheck(pdf: Uint8Array): void {
  if (!hasQpdf) return;
  const file = path.join(os.tmpdir(), `render-spec-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    // Exit code 0 = no errors, 3 = warnings only; anything else throws.
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  } finally {
    fs.unlinkSync(file);
  }
}

function imageXObjectCount(doc: PDFDocument): number {
  let n = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) n++;
  }
  return n;
}

/** Decoded content streams of a page, concatenated (or only the last one: what the renderer added). */
function pageContent(doc: PDFDocument, pageIndex: number, lastOnly = false): string {
  const contents = doc.getPages()[pageIndex].node.Contents();
  const all = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const streams = lastOnly ? all.slice(-1) : all;
  return streams
    .map((s) => doc.context.lookup(s))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
    .join('\n');
}

// ---------------------------------------------------------------- a flat form drawn in the test

const R = {
  name: [72, 700, 300, 716] as Rect,
  date: [320, 700, 420, 716] as Rect,
  ssn: [72, 660, 252, 678] as Rect,
  notes: [72, 560, 300, 640] as Rect,
  box: [320, 660, 332, 672] as Rect,
  box2: [340, 660, 352, 672] as Rect,
  sign: [320, 560, 540, 600] as Rect,
  rotated: [100, 200, 120, 420] as Rect,
};

async function flatForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  p1.drawText('Patient intake', { x: 72, y: 740, size: 14, font: helv });
  for (const r of Object.values(R).slice(0, 7)) {
    p1.drawRectangle({ x: r[0], y: r[1], width: r[2] - r[0], height: r[3] - r[1], borderWidth: 0.5 });
  }
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(90));
  p2.drawText('Rotated page', { x: 60, y: 300, size: 12, font: helv, rotate: degrees(90) });
  return doc.save();
}

const flatFields: RenderField[] = [
  field('name', 'text', 1, R.name),
  field('dob', 'date', 1, R.date),
  field('ssn', 'text', 1, R.ssn, { combCells: 9, maxLength: 9 }),
  field('notes', 'text', 1, R.notes, { multiline: true }),
  field('smoker', 'checkbox', 1, R.box),
  field('pregnant', 'checkbox', 1, R.box2),
  field('sig', 'signature', 1, R.sign),
  field('rot', 'text', 2, R.rotated),
];

const NOTES =
  'Allergic to penicillin. Takes ibuprofen occasionally for back pain; no other medication. Family history of diabetes.';

function flatInput(pdf: Uint8Array, overrides: Partial<RenderInput> = {}): RenderInput {
  return {
    pdf,
    fields: flatFields,
    answers: {
      name: 'Zoë Ðorđević',
      dob: '1984-07-09',
      ssn: '123-45-6789',
      notes: NOTES,
      smoker: true,
      pregnant: false,
      rot: 'Łukasz Αθηνά Иван',
    },
    signatures: { sig: makeSignaturePng() },
    ...overrides,
  };
}

describe('renderCompletedPdf on a flat PDF', () => {
  let source: Uint8Array;
  let out: Uint8Array;
  let pages: TextItem[][];
  let doc: PDFDocument;

  beforeAll(async () => {
    source = await flatForm();
    out = await renderCompletedPdf(flatInput(source));
    pages = await extractText(out);
    doc = await PDFDocument.load(out);
  });

  it('produces a PDF that qpdf accepts', () => {
    expect(Buffer.from(out.subarray(0, 5)).toString()).toBe('%PDF-');
    qpdfCheck(out);
  });

  it('writes a non-WinAnsi name inside its field rect', () => {
    expect(textIn(pages[0], R.name)).toContain('Zoë Ðorđević');
  });

  it('prints a date as MM/DD/YYYY inside its rect', () => {
    expect(textIn(pages[0], R.date)).toContain('07/09/1984');
  });

  it('puts one digit in each comb cell, separators dropped', () => {
    const items = pages[0].filter((i) => within(i, R.ssn));
    expect(
      items
        .map((i) => i.str)
        .join('')
        .replace(/\s/g, ''),
    ).toBe('123456789');
    const cell = (R.ssn[2] - R.ssn[0]) / 9;
    const first = items.find((i) => i.str.trim().startsWith('1'));
    expect(first).toBeDefined();
    expect(first!.x).toBeGreaterThan(R.ssn[0]);
    expect(first!.x).toBeLessThan(R.ssn[0] + cell);
  });

  it('wraps long text over several lines in a multi-line box', () => {
    const items = pages[0].filter((i) => within(i, R.notes));
    const ys = new Set(items.map((i) => Math.round(i.y)));
    expect(ys.size).toBeGreaterThan(1);
    expect(
      items
        .map((i) => i.str)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toContain('Family history of diabetes.');
  });

  it('draws a vector tick for a ticked box and nothing for an unticked one', async () => {
    const content = pageContent(doc, 0, true);
    // The tick is a stroked path drawn in a frame placed at the box's corner.
    expect(content).toMatch(/1 0 0 1 320 660 cm[\s\S]*?S\s/);
    expect(content).not.toContain('1 0 0 1 340 660 cm');
  });

  it('embeds the signature as an image XObject', () => {
    expect(imageXObjectCount(doc)).toBeGreaterThanOrEqual(1);
    expect(pageContent(doc, 0)).toMatch(/\/Sig-?\w* Do/);
  });

  it('writes text upright for the viewer of a page with /Rotate 90', () => {
    const items = pages[1].filter((i) => within(i, R.rotated));
    expect(items.map((i) => i.str).join(' ')).toContain('Łukasz Αθηνά Иван');
    // Upright after a 90° clockwise page turn = running along user-space +y.
    expect(Math.abs(items[0].a)).toBeLessThan(0.01);
    expect(items[0].b).toBeGreaterThan(0);
  });

  it('embeds a subset of DejaVu Sans for non-WinAnsi text, and only Helvetica when all text is WinAnsi', async () => {
    const fontNames = (d: PDFDocument): string[] => {
      const names: string[] = [];
      for (const [, obj] of d.context.enumerateIndirectObjects()) {
        if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Font')) {
          names.push(String(obj.get(PDFName.of('BaseFont'))));
        }
      }
      return names;
    };
    expect(fontNames(doc).some((n) => /DejaVuSans/.test(n))).toBe(true);
    const ascii = await renderCompletedPdf(
      flatInput(source, { answers: { name: 'Zoe Miller', rot: 'Lukas', dob: '1984-07-09' }, signatures: {} }),
    );
    const asciiDoc = await PDFDocument.load(ascii);
    expect(fontNames(asciiDoc).some((n) => /DejaVu/.test(n))).toBe(false);
    expect(fontNames(asciiDoc)).toContain('/Helvetica');
    expect(textIn((await extractText(ascii))[0], R.name)).toContain('Zoe Miller');
    expect(ascii.length).toBeLessThan(out.length);
  });
});

describe('renderCompletedPdf answers', () => {
  let source: Uint8Array;
  beforeAll(async () => {
    source = await flatForm();
  });

  it('leaves fields without an answer blank', async () => {
    const out = await renderCompletedPdf(flatInput(source, { answers: {}, signatures: {} }));
    const pages = await extractText(out);
    expect(pages[0].map((i) => i.str).join(' ')).toBe('Patient intake');
    const doc = await PDFDocument.load(out);
    expect(imageXObjectCount(doc)).toBe(0);
  });

  it('ignores answers and signatures for field ids that are not in the map', async () => {
    const out = await renderCompletedPdf(
      flatInput(source, {
        answers: { nosuchfield: 'SHOULD NOT APPEAR' },
        signatures: { nosuchfield: new Uint8Array([1, 2, 3]) },
      }),
    );
    const text = (await extractText(out))
      .flat()
      .map((i) => i.str)
      .join(' ');
    expect(text).not.toContain('SHOULD NOT APPEAR');
  });

  it('refuses a signature that is not a PNG with a RenderInputError naming the field', async () => {
    const bad = flatInput(source, { signatures: { sig: new Uint8Array([0x47, 0x49, 0x46, 0x38, 1, 2, 3]) } });
    await expect(renderCompletedPdf(bad)).rejects.toThrow(RenderInputError);
    await expect(renderCompletedPdf(bad)).rejects.toThrow(/field sig/);
  });

  it('refuses a PNG whose image data is corrupt', async () => {
    const png = makeSignaturePng();
    const broken = new Uint8Array(png);
    // Scramble the zlib stream inside IDAT (header at 8, IHDR chunk is 25 bytes, IDAT data starts at 41).
    for (let i = 43; i < Math.min(broken.length - 12, 80); i++) broken[i] ^= 0x5a;
    await expect(renderCompletedPdf(flatInput(source, { signatures: { sig: broken } }))).rejects.toThrow(
      RenderInputError,
    );
  });
});

// ---------------------------------------------------------------- AcroForm PDFs

async function acroForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const name = form.createTextField('applicant.name');
  name.addToPage(page, { x: 72, y: 700, width: 250, height: 18 });
  const agree = form.createCheckBox('agree');
  agree.addToPage(page, { x: 72, y: 660, width: 12, height: 12 });
  const colour = form.createRadioGroup('colour');
  colour.addOptionToPage('red', page, { x: 72, y: 620, width: 12, height: 12 });
  colour.addOptionToPage('green', page, { x: 100, y: 620, width: 12, height: 12 });
  colour.addOptionToPage('blue', page, { x: 128, y: 620, width: 12, height: 12 });
  const state = form.createDropdown('state');
  state.setOptions(['Alabama', 'Alaska', 'Arizona']);
  state.addToPage(page, { x: 72, y: 580, width: 150, height: 18 });
  const untouched = form.createTextField('untouched');
  untouched.addToPage(page, { x: 72, y: 540, width: 150, height: 18 });
  // A tick box the author made as a small text field (detection reads it as a check mark).
  form.createTextField('tick').addToPage(page, { x: 300, y: 660, width: 10, height: 10 });
  return doc.save();
}

describe('renderCompletedPdf on an AcroForm PDF', () => {
  const fields: RenderField[] = [
    field('n', 'text', 1, [72, 700, 322, 718], { acroform: { fieldName: 'applicant.name', widgetIndex: 0 } }),
    field('a', 'checkbox', 1, [72, 660, 84, 672], { acroform: { fieldName: 'agree', widgetIndex: 0 } }),
    field('r0', 'select_one', 1, [72, 620, 84, 632], {
      acroform: { fieldName: 'colour', widgetIndex: 0, value: 'red' },
    }),
    field('r1', 'select_one', 1, [100, 620, 112, 632], {
      acroform: { fieldName: 'colour', widgetIndex: 1, value: 'green' },
    }),
    field('r2', 'select_one', 1, [128, 620, 140, 632], {
      acroform: { fieldName: 'colour', widgetIndex: 2, value: 'blue' },
    }),
    field('s', 'text', 1, [72, 580, 222, 598], { acroform: { fieldName: 'state', widgetIndex: 0 } }),
    field('u', 'text', 1, [72, 540, 222, 558], { acroform: { fieldName: 'untouched', widgetIndex: 0 } }),
    field('ghost', 'text', 1, [300, 500, 500, 518], { acroform: { fieldName: 'does.not.exist', widgetIndex: 0 } }),
    field('t', 'checkbox', 1, [300, 660, 310, 670], { acroform: { fieldName: 'tick', widgetIndex: 0 } }),
  ];

  let source: Uint8Array;
  let out: Uint8Array;
  let doc: PDFDocument;

  beforeAll(async () => {
    source = await acroForm();
    out = await renderCompletedPdf({
      pdf: source,
      fields,
      answers: {
        n: 'Łukasz Kowalski',
        a: true,
        r0: false,
        r1: true,
        r2: false,
        s: 'Alaska',
        ghost: 'Drawn anyway',
        t: true,
      },
      signatures: {},
    });
    doc = await PDFDocument.load(out);
  });

  it('leaves no interactive form: no AcroForm, no widget annotations', () => {
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    for (const page of doc.getPages()) {
      const annots = page.node.Annots();
      for (let i = 0; annots && i < annots.size(); i++) {
        const a = doc.context.lookup(annots.get(i)) as PDFDict;
        expect(a.get(PDFName.of('Subtype'))).not.toBe(PDFName.of('Widget'));
      }
    }
    expect(doc.getForm().getFields()).toHaveLength(0);
    qpdfCheck(out);
  });

  it('shows the text and dropdown values in the page text, with non-WinAnsi characters', async () => {
    const text = (await extractText(out))[0].map((i) => i.str).join(' ');
    expect(text).toContain('Łukasz Kowalski');
    expect(text).toContain('Alaska');
  });

  it('draws a value whose AcroForm field is missing directly in its rect', async () => {
    const items = (await extractText(out))[0];
    expect(textIn(items, [300, 500, 500, 518])).toContain('Drawn anyway');
  });

  it('flattens the on-appearance of the chosen radio option (bound by /Opt export value) and the ticked check box only', async () => {
    const src = await PDFDocument.load(source);
    const form = src.getForm();
    const onStream = (w: {
      getAppearances(): { normal: unknown } | undefined;
      getOnValue(): PDFName | undefined;
    }): PDFRef => {
      const normal = w.getAppearances()?.normal as PDFDict;
      return normal.get(w.getOnValue()!) as PDFRef;
    };
    const radios = form.getRadioGroup('colour').acroField.getWidgets().map(onStream);
    const tick = onStream(form.getCheckBox('agree').acroField.getWidgets()[0]);
    const xobjects = doc.getPages()[0].node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const drawn = new Set(xobjects.values().map(String));
    expect(drawn.has(String(radios[1]))).toBe(true);
    expect(drawn.has(String(radios[0]))).toBe(false);
    expect(drawn.has(String(radios[2]))).toBe(false);
    expect(drawn.has(String(tick))).toBe(true);
  });

  it('writes an X into a ticked tick box made as a text field', async () => {
    expect(textIn((await extractText(out))[0], [300, 660, 310, 670], 2)).toBe('X');
  });

  it('leaves an unanswered field empty', async () => {
    const items = (await extractText(out))[0];
    expect(textIn(items, [72, 540, 222, 558])).toBe('');
  });
});

describe('renderCompletedPdf on a real form (IRS W-9, 2024)', () => {
  const fixture = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'pdfs', 'render', 'irs-w9-2024.pdf');

  it('fills a text field and a check box, flattens, and the name is in the page text', async () => {
    const pdf = new Uint8Array(fs.readFileSync(fixture));
    const src = await PDFDocument.load(pdf);
    const form = src.getForm();
    const text = form.getFields().find((f): f is PDFTextField => f instanceof PDFTextField && !f.isCombed())!;
    const box = form.getFields().find((f): f is PDFCheckBox => f instanceof PDFCheckBox)!;
    const rectOf = (w: { getRectangle(): { x: number; y: number; width: number; height: number } }): Rect => {
      const r = w.getRectangle();
      return [r.x, r.y, r.x + r.width, r.y + r.height];
    };
    const fields: RenderField[] = [
      field('name', 'text', 1, rectOf(text.acroField.getWidgets()[0]), {
        acroform: { fieldName: text.getName(), widgetIndex: 0 },
      }),
      field('box', 'checkbox', 1, rectOf(box.acroField.getWidgets()[0]), {
        acroform: { fieldName: box.getName(), widgetIndex: 0 },
      }),
    ];
    const out = await renderCompletedPdf({ pdf, fields, answers: { name: 'Zoë Ðorđević', box: true }, signatures: {} });
    const doc = await PDFDocument.load(out);
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(doc.getPageCount()).toBe(src.getPageCount());
    const items = (await extractText(out))[0];
    expect(textIn(items, fields[0].rect, 4)).toContain('Zoë Ðorđević');
    qpdfCheck(out);
  });
});
