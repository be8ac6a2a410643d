import { PDFDocument, TextRenderingMode, rgb, setTextRenderingMode } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields } from '../index';
import type { DetectedField } from '../../shared/field-map';
import { estimateSkew, rotateImage } from './deskew';
import type { Gray } from './raster';
import { findRules } from './rules';
import { parseTsv } from './tesseract';
import { judgeOcrWithoutTimeLimits, scannedRect, scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(600_000);
judgeOcrWithoutTimeLimits();

function blank(width: number, height: number): Gray {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

function rect(img: Gray, x1: number, y1: number, x2: number, y2: number): void {
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) img.data[y * img.width + x] = 0;
}

const iou = (a: number[], b: number[]): number => {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: number[]): number => (r[2] - r[0]) * (r[3] - r[1]);
  return (w * h) / (area(a) + area(b) - w * h);
};

/** A small clinic form as a word processor prints it. */
async function bornDigital(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const bold = await embedTestFont(doc, 'sansBold');
  const page = doc.addPage([612, 792]);
  page.drawText('PATIENT REGISTRATION', { x: 72, y: 720, size: 14, font: bold });
  const rows = ['Last name', 'First name', 'Home address', 'City', 'Phone number', 'Email address'];
  rows.forEach((label, i) => {
    const y = 680 - i * 30;
    page.drawText(`${label}:`, { x: 72, y, size: 12, font });
    page.drawLine({ start: { x: 190, y: y - 2 }, end: { x: 520, y: y - 2 }, thickness: 1 });
  });
  page.drawText('Do you smoke?', { x: 72, y: 480, size: 12, font });
  for (const [i, option] of ['Yes', 'No'].entries()) {
    const x = 220 + i * 80;
    page.drawRectangle({ x, y: 478, width: 11, height: 11, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    page.drawText(option, { x: x + 16, y: 480, size: 12, font });
  }
  page.drawLine({ start: { x: 72, y: 400 }, end: { x: 320, y: 400 }, thickness: 1 });
  page.drawText('Signature of patient', { x: 72, y: 386, size: 10, font });
  return doc.save();
}

describe('scanned pages', () => {
  it('finds a small skew and turns it back', () => {
    const img = blank(800, 600);
    for (let y = 100; y < 560; y += 40) rect(img, 60, y, 740, y + 3);
    const skewed = rotateImage(img, 2);
    const estimate = estimateSkew(skewed);
    expect(estimate).toBeCloseTo(-2, 0);
    // turned back, the rules lie on few rows again
    const straight = rotateImage(skewed, estimate);
    const rows = (g: Gray): number => {
      let n = 0;
      for (let y = 0; y < g.height; y++) {
        let ink = 0;
        for (let x = 0; x < g.width; x++) if (g.data[y * g.width + x] < 128) ink++;
        if (ink > 300) n++;
      }
      return n;
    };
    expect(rows(straight)).toBeGreaterThanOrEqual(rows(img) - 4);
    expect(rows(skewed)).toBe(0);
  });

  it('finds a skew between the coarse steps to within a tenth of a degree, on a page of odd height too', () => {
    const img = blank(1600, 1201); // A4 at 200 dpi is 2339 pixels tall
    for (let y = 100; y < 1150; y += 45) rect(img, 60, y, 1540, y + 3);
    for (const deg of [1.35, -0.6, 2.85]) expect(Math.abs(estimateSkew(rotateImage(img, deg)) + deg)).toBeLessThan(0.1);
  });

  it('finds drawn rules: an underline and the four sides of a check box, not text strokes', () => {
    const img = blank(600, 200);
    rect(img, 50, 100, 450, 102); // underline, 400 px
    rect(img, 500, 60, 528, 62); // a 28 px box at 200 dpi (10 pt)
    rect(img, 500, 86, 528, 88);
    rect(img, 500, 60, 502, 88);
    rect(img, 526, 60, 528, 88);
    rect(img, 20, 20, 26, 22); // a 6 px stroke of a letter
    const { h, v } = findRules(img, 200 / 72);
    expect(h.map((r) => [r.x1, r.x2])).toEqual(
      expect.arrayContaining([
        [50, 450],
        [500, 528],
      ]),
    );
    expect(h.some((r) => r.x2 - r.x1 < 10)).toBe(false);
    expect(v).toHaveLength(2);
  });

  it('keeps a thin rule whole when it is left a little off level: stepped, or blurred by turning it back', () => {
    const stepped = blank(1600, 200);
    for (let k = 0; k < 4; k++) rect(stepped, 100 + k * 350, 100 + k, 100 + (k + 1) * 350, 101 + k); // 1 px, 3 steps
    expect(findRules(stepped, 200 / 72).h.map((r) => [r.x1, r.x2])).toEqual([[100, 1500]]);

    // faded in places: long pieces with short gaps are one rule; two short strokes with the same gap stay apart
    const faded = blank(1600, 200);
    for (let k = 0; k < 4; k++) rect(faded, 100 + k * 300, 60, 95 + (k + 1) * 300, 61);
    rect(faded, 100, 150, 125, 151);
    rect(faded, 130, 150, 155, 151);
    expect(findRules(faded, 200 / 72).h.map((r) => [r.x1, r.x2])).toEqual(
      expect.arrayContaining([
        [100, 1295],
        [100, 125],
        [130, 155],
      ]),
    );

    const line = blank(1600, 400);
    rect(line, 100, 200, 1500, 201);
    // scanned 1.5° off, straightened by an estimate 0.05° short: a band of greys, not black
    const straightened = rotateImage(rotateImage(line, -1.5), 1.45);
    const long = findRules(straightened, 200 / 72).h.filter((r) => r.x2 - r.x1 > 100);
    expect(long).toHaveLength(1);
    expect(long[0].x2 - long[0].x1).toBeGreaterThan(1300);
  });

  it('does not take the joined feet or tops of a line of letters for a rule, but a blank beside them is one', () => {
    const img = blank(600, 200);
    // letters: stems every 7 px standing on a 1 px foot row that runs 70 px with 1 px gaps
    for (let x = 50; x < 120; x += 7) rect(img, x, 80, x + 2, 100);
    for (let x = 50; x < 120; x += 4) rect(img, x, 100, x + 3, 101);
    rect(img, 130, 100, 400, 101); // the blank after the label, on the same baseline
    // bold lowercase letters whose tops join into one row, the letters under it
    for (let x = 450; x < 540; x += 9) rect(img, x, 61, x + 4, 80);
    rect(img, 450, 60, 540, 61);
    const { h } = findRules(img, 200 / 72);
    expect(h.map((r) => [r.x1, r.x2])).toEqual([[130, 400]]);
  });

  it('reads tesseract TSV words with their boxes and confidence', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1700\t2200\t-1\t',
      '5\t1\t1\t1\t1\t1\t120\t300\t90\t30\t96.5\tName:',
      '5\t1\t1\t1\t1\t2\t220\t300\t40\t30\t12\t ',
    ].join('\n');
    expect(parseTsv(tsv)).toEqual([{ text: 'Name:', x1: 120, y1: 300, x2: 210, y2: 330, conf: 96.5, line: '1.1.1' }]);
  });

  describe('an image-only copy of a form, skewed 1.5° and speckled', () => {
    let digital: DetectedField[];
    let scanned: Awaited<ReturnType<typeof detectFields>>;

    beforeAll(async () => {
      const pdf = await bornDigital();
      digital = (await detectFields(pdf)).fields;
      scanned = await detectFields(await scanPdf(pdf, { skewDeg: 1.5, noise: 0.004 }));
    });

    it('says it was read by OCR and asks for review, with confidence below born-digital fields', () => {
      expect(scanned.detector).toBe('ocr');
      expect(scanned.reviewRequired).toBe(true);
      expect(scanned.reviewReasons[0]).toMatch(/Page 1 was read by OCR/);
      expect(Math.max(...scanned.fields.map((f) => f.confidence))).toBeLessThanOrEqual(0.75);
    });

    it('finds the same blanks and boxes as the born-digital form, placed where the skewed scan shows them', () => {
      const page = { x: 0, y: 0, width: 612, height: 792 };
      const onScan = (r: number[]): number[] => scannedRect(r, page, 1.5);
      const matched = digital.filter((d) =>
        scanned.fields.some((s) => s.page === d.page && iou(s.rect, onScan(d.rect)) >= 0.5),
      );
      expect(matched.length / digital.length).toBeGreaterThanOrEqual(0.8);
      // "Last name" lies 284 pt above the page centre: left straight, its blank would sit 7 pt to the side.
      const top = (fs: DetectedField[]): DetectedField | undefined => fs.find((f) => /last name/i.test(f.label));
      const [seen, printed] = [top(scanned.fields), top(digital)];
      expect(seen && printed).toBeTruthy();
      expect(Math.abs(seen!.rect[0] - onScan(printed!.rect)[0])).toBeLessThan(2.5);
      expect(Math.abs(seen!.rect[0] - printed!.rect[0])).toBeGreaterThan(5);
      const labels = scanned.fields.map((f) => f.label.toLowerCase());
      for (const label of ['last name', 'first name', 'city', 'yes', 'no']) {
        expect(labels.some((l) => l.includes(label))).toBe(true);
      }
    });
  });

  it('reads a copy on dark grey paper as it reads one on white paper', async () => {
    const pdf = await bornDigital();
    const fields = async (paper?: number): Promise<string[]> =>
      (await detectFields(await scanPdf(pdf, { skewDeg: 1, noise: 0.002, paper }))).fields
        .map((f) => `${f.kind} ${f.label}`)
        .sort();
    const white = await fields();
    expect(white.length).toBeGreaterThanOrEqual(8);
    expect(await fields(140)).toEqual(white);
  });

  it('reads a page scanned sideways (turned 90°)', async () => {
    const scanned = await detectFields(await scanPdf(await bornDigital(), { sideways: true }));
    expect(scanned.detector).toBe('ocr');
    const labels = scanned.fields.map((f) => f.label.toLowerCase());
    expect(labels.some((l) => l.includes('last name'))).toBe(true);
  });

  it('reads every page of a document scanned sideways, each turned upright', async () => {
    const one = await PDFDocument.load(await bornDigital());
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2; i++) doc.addPage((await doc.copyPages(one, [0]))[0]);
    const scanned = await detectFields(await scanPdf(await doc.save(), { sideways: true, skewDeg: 1, noise: 0.002 }));
    for (const page of [1, 2]) {
      const labels = scanned.fields.filter((f) => f.page === page).map((f) => f.label.toLowerCase());
      expect(labels).toEqual(expect.arrayContaining(['last name', 'first name', 'email address']));
    }
  });

  describe("a copier's text layer that nobody sees", () => {
    let imageOnly: Awaited<ReturnType<typeof detectFields>>;
    let scan: Uint8Array;
    /** The scan with text written over it invisibly (render mode 3), as a copier's OCR writes it. */
    async function withInvisibleText(lines: { text: string; x: number; y: number }[]): Promise<Uint8Array> {
      const doc = await PDFDocument.load(scan);
      const font = await embedTestFont(doc, 'sans');
      const page = doc.getPage(0);
      page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
      for (const l of lines) page.drawText(l.text, { x: l.x, y: l.y, size: 12, font });
      return doc.save();
    }
    const labels = (r: Awaited<ReturnType<typeof detectFields>>): string[] =>
      r.fields.map((f) => f.label.toLowerCase());

    beforeAll(async () => {
      scan = await scanPdf(await bornDigital(), { skewDeg: 1, noise: 0.002 });
      imageOnly = await detectFields(scan);
    });

    it('reads the picture, not an invisible layer that does not match it', async () => {
      const garbled = Array.from({ length: 12 }, (_, i) => ({
        text: 'Lsst nanne: 0O0O ~~ xq7 rn',
        x: 72,
        y: 700 - 25 * i,
      }));
      const res = await detectFields(await withInvisibleText(garbled));
      expect(res.detector).toBe('ocr');
      expect(res.reviewReasons[0]).toMatch(/Page 1 was read by OCR/);
      expect(labels(res)).toEqual(expect.arrayContaining(['last name', 'first name', 'city', 'yes', 'no']));
      expect(labels(res).some((l) => l.includes('nanne') || l.includes('xq7'))).toBe(false);
    });

    it('reads the picture as well when the invisible layer matches it: the same fields as the image alone', async () => {
      const rows = ['Last name:', 'First name:', 'Home address:', 'City:', 'Phone number:', 'Email address:'];
      const matching = rows.map((text, i) => ({ text, x: 72, y: 680 - i * 30 }));
      const res = await detectFields(await withInvisibleText(matching));
      expect(res.detector).toBe('ocr');
      expect(res.fields.map((f) => [f.kind, f.label])).toEqual(imageOnly.fields.map((f) => [f.kind, f.label]));
    });

    it('reads the picture when the copier put visible text under the image', async () => {
      const doc = await PDFDocument.create();
      const font = await embedTestFont(doc, 'sans');
      const [picture] = await doc.embedPdf(scan);
      const page = doc.addPage([612, 792]);
      ['Lsst nanne xq7 0O0O', 'Firsl narne ~~ rn', 'Cty Pbone Ernail'].forEach((text, i) =>
        page.drawText(text, { x: 72, y: 680 - i * 30, size: 12, font }),
      );
      page.drawPage(picture, { x: 0, y: 0, width: 612, height: 792 });
      const res = await detectFields(await doc.save());
      expect(res.detector).toBe('ocr');
      expect(labels(res)).toEqual(expect.arrayContaining(['last name', 'first name']));
    });
  });
});
