import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields } from '../index';
import { findBands, invertBands } from './bands';
import { estimateSkew, rotateImage } from './deskew';
import { findRules } from './rules';
import { judgeOcrWithoutTimeLimits, rasterizePdf, scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(600_000);
judgeOcrWithoutTimeLimits();

/** A section of a clinic form: a dark band with the section's name in white, a box to write in right under it. */
async function bandedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const bold = await embedTestFont(doc, 'sansBold');
  const font = await embedTestFont(doc, 'sans');
  const page = doc.addPage([612, 792]);
  for (const [i, [section, label]] of [
    ['Patient', 'Patient name'],
    ['Insurance', 'Insurance company'],
  ].entries()) {
    const top = 700 - i * 120;
    page.drawRectangle({ x: 40, y: top - 18, width: 532, height: 18, color: rgb(0.25, 0.25, 0.25) });
    page.drawText(section, { x: 46, y: top - 13, size: 12, font: bold, color: rgb(1, 1, 1) });
    page.drawRectangle({
      x: 40,
      y: top - 48,
      width: 532,
      height: 30,
      borderWidth: 0.6,
      borderColor: rgb(0, 0, 0),
    });
    page.drawText(label, { x: 44, y: top - 28, size: 10, font });
  }
  // Look-alikes that are no band: a heading in heavy black letters, a thick rule, a filled square bullet.
  page.drawText('NEW PATIENT REGISTRATION', { x: 40, y: 740, size: 20, font: bold });
  page.drawLine({ start: { x: 40, y: 450 }, end: { x: 572, y: 450 }, thickness: 2.5 });
  page.drawRectangle({ x: 40, y: 420, width: 8, height: 8, color: rgb(0, 0, 0) });
  return doc.save();
}

describe('dark bands on a scan', () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await bandedForm();
  });

  it.each([150, 200, 300])('finds each band at %i dpi, with its edges and shade, and nothing else', async (dpi) => {
    const scale = dpi / 72;
    const scan = await rasterizePdf(await scanPdf(pdf, { dpi, skewDeg: 1.5, noise: 0.003 }), dpi);
    const straight = rotateImage(scan, estimateSkew(scan));
    const bands = findBands(straight, scale);
    expect(bands).toHaveLength(2);
    for (const [i, b] of bands.entries()) {
      // 792 - 700 = 92 pt from the top, 18 pt tall, 532 pt wide; within a point or so after the skew and back
      expect(Math.abs(b.y1 / scale - (92 + i * 120))).toBeLessThan(2);
      expect(Math.abs((b.y2 - b.y1) / scale - 18)).toBeLessThan(1.5);
      expect(Math.abs((b.x2 - b.x1) / scale - 532)).toBeLessThan(2);
      expect(b.gray).toBeGreaterThan(40);
      expect(b.gray).toBeLessThan(90);
    }
  });

  it('turns a band negative on white paper for OCR, its edges painted white', () => {
    const img = { width: 100, height: 40, data: new Uint8Array(4000).fill(255) };
    for (let y = 10; y < 30; y++) for (let x = 10; x < 90; x++) img.data[y * 100 + x] = 64;
    img.data[20 * 100 + 50] = 255; // a white letter's pixel
    const out = invertBands(img, [{ x1: 10, y1: 10, x2: 90, y2: 30, gray: 64 }], 200 / 72);
    expect(out.data[20 * 100 + 30]).toBe(255); // the band's shade is paper
    expect(out.data[20 * 100 + 50]).toBe(0); // the letter is print
    expect(out.data[10 * 100 + 50]).toBe(255); // the edge is paper
    expect(out.data[5 * 100 + 50]).toBe(255); // outside untouched
    expect(img.data[20 * 100 + 30]).toBe(64); // the input is not changed
  });

  it('gives the box under each band its field, labelled, and reads the white section name', async () => {
    const scanned = await detectFields(await scanPdf(pdf, { dpi: 200, skewDeg: 1.5, noise: 0.003 }));
    const boxes = scanned.fields.filter((f) => f.kind === 'text');
    expect(boxes.map((f) => f.label)).toEqual(['Patient name', 'Insurance company']);
    expect(boxes.map((f) => f.section)).toEqual(['Patient', 'Insurance']);
    for (const f of boxes) expect(f.rect[2] - f.rect[0]).toBeGreaterThan(480);
  });
});

describe('thin rules on a skewed copy', () => {
  it('keeps a hairline whole that the copier and the straightening left in light grey stretches', () => {
    for (const dpi of [150, 200]) {
      const line = { width: 1700, height: 300, data: new Uint8Array(1700 * 300).fill(255) };
      // 0.5 pt at 150 dpi is one pixel, a little grey from anti-aliasing
      for (let x = 100; x < 1600; x++) line.data[150 * 1700 + x] = 40;
      const copy = rotateImage(rotateImage(line, -1.5), 1.5);
      const long = findRules(copy, dpi / 72).h.filter((r) => r.x2 - r.x1 > 100);
      expect(long.map((r) => r.x2 - r.x1 > 1450)).toEqual([true]);
    }
  });

  it('takes two light grey lines of pixels with paper on both sides for a rule, not one, and not three', () => {
    const img = { width: 600, height: 120, data: new Uint8Array(600 * 120).fill(255) };
    const grey = (y: number, x1: number, x2: number): void => {
      for (let x = x1; x < x2; x++) img.data[y * 600 + x] = 175;
    };
    grey(20, 50, 550); // one light line: a rule too faint to see
    [50, 51].forEach((y) => grey(y, 50, 550)); // a hairline split over two lines of pixels
    [80, 81, 82].forEach((y) => grey(y, 50, 550)); // a light shaded strip
    expect(findRules(img, 200 / 72).h.map((r) => [r.y1, r.y2])).toEqual([[50, 52]]);
  });

  it('does not take a line of bold letters on a grey header row for rules, at 150 or 200 dpi', async () => {
    const doc = await PDFDocument.create();
    const bold = await embedTestFont(doc, 'sansBold');
    const page = doc.addPage([612, 200]);
    page.drawRectangle({ x: 40, y: 80, width: 532, height: 18, color: rgb(0.9, 0.9, 0.9) });
    page.drawText('Surgery / procedure   Hospital   Year   Physician', { x: 44, y: 85, size: 9, font: bold });
    const pdf = await doc.save();
    for (const dpi of [150, 200]) {
      const img = await rasterizePdf(await scanPdf(pdf, { dpi, skewDeg: 1.5 }), dpi);
      expect(findRules(rotateImage(img, estimateSkew(img)), dpi / 72).h).toEqual([]);
    }
  });
});
