import { PDFDocument } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import type { Gray } from './raster';
import { STRIP_PARAMS, stripCount, stripCuts, stripOf } from './strips';
import { ocrWords } from './tesseract';
import { rasterizePdf } from 'test/utils/scanned-copies';

jest.setTimeout(60_000);

function blank(width: number, height: number): Gray {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

function ink(img: Gray, x1: number, y1: number, x2: number, y2: number): void {
  for (let y = y1; y < y2; y++) img.data.fill(0, y * img.width + x1, y * img.width + x2);
}

describe('a page read as strips', () => {
  it('is cut once per core, at most maxStrips times, and never into strips shorter than minStripPx', () => {
    expect(stripCount(2200, 2)).toBe(2);
    expect(stripCount(2200, 16)).toBe(STRIP_PARAMS.maxStrips);
    expect(stripCount(2200, 1)).toBe(1);
    expect(stripCount(STRIP_PARAMS.minStripPx * 2 - 1, 8)).toBe(1);
  });

  it('is cut between text lines, not through one, even when a line sits on the even split', () => {
    const img = blank(400, 1000);
    // "text lines" 30 px tall every 50 px: rows 480..510 are ink, so the even split (500) is inside a line
    for (let y = 30; y < 980; y += 50) ink(img, 20, y, 380, y + 30);
    // a vertical table rule crosses every row: the cut still finds the emptiest one
    ink(img, 200, 0, 202, 1000);
    const [cut] = stripCuts(img, 2);
    const row = (y: number): number => img.data.subarray(y * 400, y * 400 + 400).filter((v) => v < 128).length;
    expect(row(cut)).toBe(2);
    expect(Math.abs(cut - 500)).toBeLessThanOrEqual(25);
    const cuts = stripCuts(img, 4);
    expect(cuts).toHaveLength(3);
    expect([...cuts].sort((a, b) => a - b)).toEqual(cuts);
    expect(stripOf(img, cut, 1000).height).toBe(1000 - cut);
  });

  it('gives the same words at the same places as one read of the whole page', async () => {
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const page = doc.addPage([612, 792]);
    const lines = ['Patient name', 'Date of birth', 'Home address', 'Insurance carrier', 'Emergency contact'];
    lines.forEach((text, i) => page.drawText(text, { x: 72, y: 700 - i * 130, size: 14, font }));
    const img = await rasterizePdf(await doc.save(), 200);
    const whole = await ocrWords(img, 200, 30_000, 'eng', 1);
    const strips = await ocrWords(img, 200, 30_000, 'eng', 3);
    const summary = (ws: typeof whole): string[] =>
      ws.map((w) => `${w.text}@${Math.round(w.y1 / 10)}`).sort((a, b) => a.localeCompare(b));
    expect(whole.map((w) => w.text)).toEqual(expect.arrayContaining(['Patient', 'Emergency', 'contact']));
    expect(summary(strips)).toEqual(summary(whole));
    // each strip's lines are its own: no two strips share a line id
    const linesOf = (i: number): Set<string> =>
      new Set(strips.filter((w) => w.line.startsWith(`${i}.`)).map((w) => w.line));
    expect(linesOf(0).size).toBeGreaterThan(0);
    expect(linesOf(2).size).toBeGreaterThan(0);
  });
});
