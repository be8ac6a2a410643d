import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields } from '../index';
import { drawnCircles } from './circles';
import { inkPieces } from './ink-pieces';
import { judgeOcrWithoutTimeLimits, rasterizePdf, scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(600_000);
judgeOcrWithoutTimeLimits();

/** Radio rings beside their options, and round things that are not rings: letters, a dot, an open arc. */
async function page(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const bold = await embedTestFont(doc, 'sansBold');
  const p = doc.addPage([612, 792]);
  p.drawText('Gender:', { x: 72, y: 700, size: 11, font });
  for (const [i, option] of ['Female', 'Male'].entries()) {
    const x = 140 + i * 90;
    p.drawCircle({ x: x + 5, y: 704, size: 5, borderWidth: 0.75, borderColor: rgb(0, 0, 0) });
    p.drawText(option, { x: x + 14, y: 700, size: 11, font });
  }
  p.drawText('Blood type: O   Oxygen   COOP   GOOD', { x: 72, y: 640, size: 11, font });
  p.drawText('OBOE ORDER', { x: 72, y: 600, size: 16, font: bold });
  p.drawCircle({ x: 400, y: 604, size: 5, color: rgb(0, 0, 0) }); // a filled dot (a bullet)
  p.drawText('o  0  @  ©', { x: 72, y: 560, size: 14, font });
  return doc.save();
}

describe('drawn option rings', () => {
  it.each([150, 200, 300])('finds the two rings at %i dpi and no letter, digit or dot', async (dpi) => {
    const img = await rasterizePdf(await page(), dpi);
    const scale = dpi / 72;
    const rings = drawnCircles(img, scale, inkPieces(img, scale)).map((r) => ({
      x: Math.round((r.x1 + r.x2) / 2 / scale),
      y: Math.round(792 - (r.y1 + r.y2) / 2 / scale),
    }));
    expect(rings).toHaveLength(2);
    expect(rings[0].y).toBeGreaterThanOrEqual(702);
    expect(rings[0].y).toBeLessThanOrEqual(706);
    expect(rings.map((r) => r.x).sort((a, b) => a - b)).toEqual([expect.closeTo(145, 0), expect.closeTo(235, 0)]);
  });

  it('makes a scanned page give the radio options a born-digital page gives', async () => {
    const pdf = await page();
    const digital = (await detectFields(pdf)).fields.filter((f) => f.kind === 'select_one');
    const scanned = (await detectFields(await scanPdf(pdf, { skewDeg: 1.5, noise: 0.003 }))).fields.filter(
      (f) => f.kind === 'select_one',
    );
    expect(digital.length).toBe(2);
    expect(scanned.map((f) => f.choiceLabel)).toEqual(digital.map((f) => f.choiceLabel));
  });
});
