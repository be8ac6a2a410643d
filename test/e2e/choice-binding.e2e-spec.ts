import * as fontkit from '@pdf-lib/fontkit';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFString, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { launchBrowser, openMobilePage } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, latestSubmissionId, waitForPdfReady, type Field, completedPdf } from 'test/utils/forms';
import { glyphBoxForm } from 'test/utils/glyph-box-form';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';

/**
 * Issue 8's "Done when": a flat clinic form that prints each option's text LEFT of its box (`M☐ F☐`,
 * `SINGLE☐ MARRIED☐`), as word processors make them. The patient ticks F, MARRIED and Biofeedback on the real
 * page at 360 px; the field map and the completed PDF must put each tick in the box right of that word.
 */
const SIZE = 11;
const DPI = 100;

/**
 * ☐ glyphs, stroked squares, or stroked squares with AcroForm widgets on them (a fillable PDF); 'body-font': the
 * `□` of an embedded TrueType body font (Liberation Sans) at twice the text size, glued to its word (issue 17).
 */
type BoxStyle = 'glyph' | 'drawn' | 'fillable' | 'body-font';

interface PrintedBox {
  /** Option word printed before the box. */
  word: string;
  /** The box in PDF user space: [x1, y1, x2, y2]. */
  rect: [number, number, number, number];
}

/** Draws `word` and a box right after it (the ☐ glyph of DejaVu Sans, or a stroked square), returns the box. */
function option(
  page: PDFPage,
  font: PDFFont,
  style: Exclude<BoxStyle, 'body-font'>,
  word: string,
  x: number,
  y: number,
): PrintedBox {
  const wordWidth = font.widthOfTextAtSize(word, SIZE);
  if (style === 'glyph') {
    page.drawText(`${word}☐`, { x, y, size: SIZE, font });
    const w = font.widthOfTextAtSize('☐', SIZE);
    return { word, rect: [x + wordWidth, y - 0.15 * SIZE, x + wordWidth + w, y + 0.85 * SIZE] };
  }
  page.drawText(word, { x, y, size: SIZE, font });
  // 'drawn' and 'fillable': a stroked square.
  const side = 0.75 * SIZE;
  const bx = x + wordWidth + 1.5;
  page.drawRectangle({ x: bx, y: y - 0.5, width: side, height: side, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  return { word, rect: [bx, y - 0.5, bx + side, y - 0.5 + side] };
}

/** Lays options out left to right with wide gaps between them, as the adult intake form does. */
function row(
  page: PDFPage,
  font: PDFFont,
  style: Exclude<BoxStyle, 'body-font'>,
  prompt: string,
  words: string[],
  y: number,
): PrintedBox[] {
  page.drawText(prompt, { x: 50, y, size: SIZE, font });
  let x = 60 + font.widthOfTextAtSize(prompt, SIZE);
  return words.map((word) => {
    const box = option(page, font, style, word, x, y);
    x = box.rect[2] + 28;
    return box;
  });
}

async function clinicForm(style: Exclude<BoxStyle, 'body-font'>): Promise<{ pdf: Buffer; boxes: PrintedBox[] }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(join(__dirname, '..', '..', 'assets', 'fonts', 'DejaVuSans.ttf')));
  const page = doc.addPage([612, 792]);
  page.drawText('Adult Intake', { x: 50, y: 730, size: 16, font });
  page.drawText('Patient name:', { x: 50, y: 690, size: SIZE, font });
  page.drawText('________________________________________', { x: 135, y: 690, size: SIZE, font });
  const boxes = [
    ...row(page, font, style, 'Sex:', ['M', 'F'], 650),
    ...row(page, font, style, 'Marital status:', ['SINGLE', 'MARRIED', 'DIVORCED'], 615),
  ];
  page.drawText('Therapies you have tried (check all that apply):', { x: 50, y: 575, size: SIZE, font });
  let x = 50;
  for (const word of ['Counseling', 'Biofeedback', 'Acupuncture']) {
    const box = option(page, font, style, word, x, 555);
    boxes.push(box);
    x = box.rect[2] + 28;
  }
  if (style === 'fillable') addWidgets(doc, page, boxes);
  return { pdf: Buffer.from(await doc.save()), boxes };
}

/**
 * Widgets as a form tool makes them: tool names, "undefined" tooltips, radio on-states "0", "1", "2",
 * separate check boxes for the checklist. Their meaning is only on the printed page.
 */
function addWidgets(doc: PDFDocument, page: PDFPage, boxes: PrintedBox[]): void {
  const form = doc.getForm();
  const at = (b: PrintedBox) => ({
    x: b.rect[0],
    y: b.rect[1],
    width: b.rect[2] - b.rect[0],
    height: b.rect[3] - b.rect[1],
    borderWidth: 0,
  });
  const undefinedTip = (dict: PDFDict): void => dict.set(PDFName.of('TU'), PDFString.of('undefined'));
  const name = form.createTextField('Text1');
  name.addToPage(page, { x: 135, y: 688, width: 300, height: 14, borderWidth: 0 });
  undefinedTip(name.acroField.dict);
  const radios: Array<[string, string[]]> = [
    ['Group1', ['M', 'F']],
    ['Group2', ['SINGLE', 'MARRIED', 'DIVORCED']],
  ];
  for (const [group, words] of radios) {
    const g = form.createRadioGroup(group);
    words.forEach((w, i) => g.addOptionToPage(String(i), page, at(boxes.find((b) => b.word === w)!)));
    undefinedTip(g.acroField.dict);
  }
  ['Counseling', 'Biofeedback', 'Acupuncture'].forEach((w, i) => {
    const c = form.createCheckBox(`Check Box${i + 1}`);
    c.addToPage(page, at(boxes.find((b) => b.word === w)!));
    undefinedTip(c.acroField.dict);
  });
}

const centre = (r: number[]): [number, number] => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
const inside = (p: [number, number], r: number[]): boolean =>
  p[0] >= r[0] && p[0] <= r[2] && p[1] >= r[1] && p[1] <= r[3];

/** Renders page 1 in grey at DPI and returns its pixels. */
function grey(pdf: Buffer): { width: number; height: number; px: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'edform-choice-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    String(DPI),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(dir, 'in.pdf'),
    join(dir, 'p'),
  ]);
  const pgm = readFileSync(join(dir, 'p.pgm'));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), px: pgm.subarray(header[0].length) };
}

/** Pixels inside a user-space rect that are much darker in `after` than in `before` (ink added there). */
function inkAdded(before: ReturnType<typeof grey>, after: ReturnType<typeof grey>, r: number[]): number {
  const s = DPI / 72;
  const x1 = Math.floor(r[0] * s);
  const x2 = Math.ceil(r[2] * s);
  const y1 = Math.floor((792 - r[3]) * s);
  const y2 = Math.ceil((792 - r[1]) * s);
  let n = 0;
  for (let y = y1; y < y2; y++)
    for (let x = x1; x < x2; x++) if (before.px[y * before.width + x] - after.px[y * after.width + x] > 80) n++;
  return n;
}

/** Ticks the option a patient would: the control whose visible label is exactly `word`, opening later steps as needed. */
async function tick(page: Page, word: string): Promise<void> {
  const control = page.getByLabel(word, { exact: true });
  for (let i = 0; i < 10 && !(await control.isVisible()); i++) await page.locator('[data-step-next]').click();
  await control.check();
}

describe('options printed left of their boxes: field map, fill page and completed PDF agree with the paper', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it.each<BoxStyle>(['fillable', 'glyph', 'drawn', 'body-font'])(
    '%s boxes: F, MARRIED and Biofeedback are ticked in their own boxes',
    async (style) => {
      const { pdf, boxes } = style === 'body-font' ? await glyphBoxForm() : await clinicForm(style);
      const imported = await importPdf(t, org.apiKey, pdf);
      expect({ status: imported.status, error: imported.error }).toEqual({ status: 'succeeded', error: undefined });
      const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${imported.template_id}/fields`).expect(200)).body
        .fields as Field[];

      // The field map: each printed box is one choice field whose option text is the word printed before it.
      const fieldOf = (b: PrintedBox): Field | undefined =>
        fields.find((f) => f.choice_label !== null && inside(centre(f.rect), b.rect));
      expect(boxes.map((b) => [b.word, fieldOf(b)?.choice_label])).toEqual(boxes.map((b) => [b.word, b.word]));
      const byWord = new Map(boxes.map((b) => [b.word, fieldOf(b)!]));
      expect(byWord.get('M')!.question_id).toBe(byWord.get('F')!.question_id);
      expect(byWord.get('F')!.kind).toBe('select_one');
      expect(byWord.get('MARRIED')!.question_id).toBe(byWord.get('SINGLE')!.question_id);
      expect(byWord.get('MARRIED')!.question_id).not.toBe(byWord.get('F')!.question_id);
      expect(byWord.get('Biofeedback')!.question_id).toBe(byWord.get('Counseling')!.question_id);
      const name = fields.find((f) => /patient name/i.test(f.label) && f.kind === 'text');
      expect(name).toBeDefined();

      // The real page at phone width.
      const link = await createLink(t, org.apiKey, {
        template_id: imported.template_id,
        external_ref: `choice-${style}`,
      });
      const { context, page } = await openMobilePage(browser, `${t.baseUrl}/f/${link.short_code}`);
      try {
        await page.locator(`[data-field-id="${name!.field_id}"]`).fill('Dana Example');
        for (const word of ['F', 'MARRIED', 'Biofeedback']) await tick(page, word);
        for (let i = 0; i < 10 && !(await page.locator('button[type=submit]').isVisible()); i++)
          await page.locator('[data-step-next]').click();
        const response = page.waitForResponse((r) => r.url().endsWith('/submit'));
        await page.locator('button[type=submit]').click();
        expect((await response).status()).toBe(201);
        await page.waitForURL(`**/f/${link.short_code}/done**`);
      } finally {
        await context.close();
      }

      const id = await latestSubmissionId(t, org.apiKey);
      const submission = (await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200)).body;
      expect(submission.external_ref).toBe(`choice-${style}`);
      const ticked = Object.entries(submission.answers as Record<string, unknown>)
        .filter(([, v]) => v === true)
        .map(([fid]) => boxes.find((b) => byWord.get(b.word)?.field_id === fid)?.word)
        .sort();
      expect(ticked).toEqual(['Biofeedback', 'F', 'MARRIED']);

      // The completed PDF: ink was added inside exactly the boxes right of F, MARRIED and Biofeedback.
      await waitForPdfReady(t, org.apiKey, id);
      const outBytes = await completedPdf(t, org.apiKey, id);
      const before = grey(pdf);
      const after = grey(outBytes);
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      const marked = boxes.filter((b) => inkAdded(before, after, b.rect) > 6).map((b) => b.word);
      expect(marked.sort()).toEqual(['Biofeedback', 'F', 'MARRIED']);
      // Nothing was drawn over the printed option words themselves.
      const dir = mkdtempSync(join(tmpdir(), 'edform-choice-text-'));
      writeFileSync(join(dir, 'out.pdf'), outBytes);
      const text = execFileSync('pdftotext', [join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Dana Example');
      expect(text).toMatch(/MARRIED/);
    },
  );
});
