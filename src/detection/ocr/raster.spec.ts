import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { dpiWithinBudget, OcrToolError, parsePgm, RASTER_LIMITS, run, SCAN_DPI, scanDpi, TOOL_LIMITS } from './raster';
import { scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(60_000);

async function letterPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const page = doc.addPage([612, 792]);
  page.drawText('Name:', { x: 72, y: 700, size: 12, font });
  page.drawLine({ start: { x: 120, y: 698 }, end: { x: 400, y: 698 }, thickness: 1 });
  return doc.save();
}

describe('the resolution a page is rendered at for OCR', () => {
  let dir: string;
  let n = 0;
  const dpiOf = async (pdf: Uint8Array, pageAreaPt2 = 612 * 792): Promise<number> => {
    const path = join(dir, `${n++}.pdf`);
    await writeFile(path, pdf);
    return scanDpi(path, 1, pageAreaPt2, 10_000);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edform-dpi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is a full-page scan's own resolution, so its pixels are not resampled", async () => {
    const pdf = await letterPage();
    expect(await dpiOf(await scanPdf(pdf, { dpi: 150 }))).toBe(150);
    expect(await dpiOf(await scanPdf(pdf, { dpi: 300 }))).toBe(300);
  });

  it('stays within bounds for very coarse or very fine scans', async () => {
    const pdf = await letterPage();
    expect(await dpiOf(await scanPdf(pdf, { dpi: 100 }))).toBe(SCAN_DPI.min);
    expect(await dpiOf(await scanPdf(pdf, { dpi: 400 }))).toBe(SCAN_DPI.max);
  });

  it('is the fallback for a page that is not one scanned image', async () => {
    expect(await dpiOf(await letterPage())).toBe(SCAN_DPI.fallback);
    const doc = await PDFDocument.load(await scanPdf(await letterPage(), { dpi: 150 }));
    const [page] = doc.getPages();
    // The page made twice as wide and high: the image covers a quarter of it, a picture on a page, not its scan.
    page.setSize(612 * 2, 792 * 2);
    expect(await dpiOf(await doc.save(), 612 * 2 * 792 * 2)).toBe(SCAN_DPI.fallback);
    expect(await dpiOf(await doc.save(), 612 * 792)).toBe(150);
  });
});

describe('OCR tool limits', () => {
  it('runs every tool under its address-space and CPU-time limits', async () => {
    // The wrapper execs the tool itself (here a shell that prints the limits it was given).
    const out = (await run('sh', ['-c', 'ulimit -v; ulimit -t'], null, 9_000)).toString('latin1').split('\n');
    expect(out.slice(0, 2)).toEqual([String(TOOL_LIMITS.addressSpaceMb * 1024), '10']);
  });

  it('says what failed in words, without the command line or the file', async () => {
    const failed = run('pdftoppm', ['-gray', '/nonexistent/edform-secret/page.pdf'], null, 5_000);
    await expect(failed).rejects.toThrow(
      new OcrToolError('rendering the page failed (the page could not be processed)'),
    );
    await expect(run('tesseract-not-installed', [], null, 5_000)).rejects.toThrow(
      'an OCR tool failed: the tool is not installed',
    );
  });

  it('lowers the resolution of a large page to the pixel budget, and refuses a page too large even then', () => {
    expect(dpiWithinBudget(300, 612, 792)).toBe(300);
    // Tabloid at 300 dpi is 16.8 million pixels: within.
    expect(dpiWithinBudget(300, 792, 1224)).toBe(300);
    const poster = dpiWithinBudget(300, 36 * 72, 48 * 72);
    expect(poster).toBeLessThan(300);
    expect(poster).toBeGreaterThanOrEqual(RASTER_LIMITS.minDpi);
    expect(poster * 36 * (poster * 48)).toBeLessThanOrEqual(RASTER_LIMITS.maxPixels);
    expect(() => dpiWithinBudget(200, 14_400, 14_400)).toThrow(/too large to read by OCR \(200 by 200 inches/);
  });
});

describe('reading a PGM image', () => {
  it('takes width x height bytes after the header', () => {
    const img = parsePgm(Buffer.from([...Buffer.from('P5\n3 2\n255\n', 'latin1'), 1, 2, 3, 4, 5, 6, 7]));
    expect([img.width, img.height, [...img.data]]).toEqual([3, 2, [1, 2, 3, 4, 5, 6]]);
  });

  it('refuses pixels cut short, even in a Buffer whose memory goes on past them', () => {
    // Buffer.from(string) slices Node's shared pool: memory follows the bytes, so only the length can tell.
    const short = Buffer.from('P5\n3 2\n255\n\u0001\u0002', 'latin1');
    expect(short.buffer.byteLength).toBeGreaterThan(short.byteOffset + short.length + 6);
    expect(() => parsePgm(short)).toThrow('PGM image data too short');
  });
});
