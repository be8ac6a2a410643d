import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields } from '../index';
import { withoutDarkMargins } from './borders';
import { estimateSkew } from './deskew';
import type { Gray } from './raster';
import { judgeOcrWithoutTimeLimits, rasterizePdf, scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(600_000);
judgeOcrWithoutTimeLimits();

function page(): Gray {
  const img = { width: 600, height: 400, data: new Uint8Array(600 * 400).fill(255) };
  const fill = (x1: number, y1: number, x2: number, y2: number, v: number): void => {
    for (let y = y1; y < y2; y++) img.data.fill(v, y * 600 + x1, y * 600 + x2);
  };
  fill(0, 0, 600, 30, 30); // black beyond the sheet's top edge
  fill(0, 0, 25, 400, 40); // and its left edge
  fill(25, 60, 500, 61, 0); // a rule that runs into the left margin
  fill(300, 30, 302, 200, 0); // a table side that runs into the top margin
  fill(350, 250, 450, 280, 60); // a dark band inside the sheet
  return img;
}

describe('dark margins of a copy', () => {
  it('are painted white, and the rules touching them and the bands inside the sheet are kept', () => {
    const out = withoutDarkMargins(page(), 200 / 72).data;
    const at = (x: number, y: number): number => out[y * 600 + x];
    expect([at(5, 5), at(300, 10), at(10, 300)]).toEqual([255, 255, 255]);
    expect(at(100, 60)).toBe(0);
    expect(at(300, 100)).toBe(0);
    expect(at(400, 265)).toBe(60);
  });

  it('leave a page without margins as it is', () => {
    const img = page();
    for (let y = 0; y < 400; y++) for (let x = 0; x < 600; x++) if (y < 30 || x < 25) img.data[y * 600 + x] = 255;
    expect(withoutDarkMargins(img, 200 / 72)).toBe(img);
  });

  it('do not pull the skew to 0° or change the fields of a scanned form', async () => {
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const p = doc.addPage([612, 792]);
    ['Last name', 'First name', 'Street address', 'City', 'Phone', 'Email', 'Employer', 'Occupation'].forEach(
      (label, i) => {
        const y = 700 - i * 34;
        p.drawText(`${label}:`, { x: 72, y, size: 11, font });
        p.drawLine({ start: { x: 170, y: y - 2 }, end: { x: 540, y: y - 2 }, thickness: 0.75, color: rgb(0, 0, 0) });
      },
    );
    const pdf = await doc.save();
    const plain = await scanPdf(pdf, { skewDeg: 1.5, noise: 0.003 });
    const margined = await scanPdf(pdf, { skewDeg: 1.5, noise: 0.003, margin: 20 });
    const raster = await rasterizePdf(margined, 200);
    expect(estimateSkew(raster)).toBeCloseTo(0, 0); // the margins win the projection unless removed ...
    expect(estimateSkew(withoutDarkMargins(raster, 200 / 72))).toBeCloseTo(1.5, 1); // ... and lose it once removed
    const fields = async (scan: Uint8Array): Promise<string[]> =>
      (await detectFields(scan)).fields.map((f) => `${f.kind} ${f.label}`);
    const expected = await fields(plain);
    expect(expected).toHaveLength(8);
    expect(await fields(margined)).toEqual(expected);
  });
});
