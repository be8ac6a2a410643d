import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from '../../../test/utils/embedded-fonts';
import { detectFields } from '../index';
import { rasterizePage } from './raster';
import { grayPng } from 'test/utils/scanned-copies';

const WORDS = ['Friend', 'Internet', 'Doctor'];

/**
 * A "scanned" strip: a ruled table row with a drawn box at the start of each of its three cells (and the option
 * words after them when `withWords`), as pixels.
 */
async function scannedBoxes(withWords: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const page = doc.addPage([300, 40]);
  if (withWords) WORDS.forEach((w, i) => page.drawText(w, { x: 24 + 100 * i, y: 16, size: 10, font }));
  const line = { borderColor: rgb(0, 0, 0), borderWidth: 0.8 };
  page.drawRectangle({ x: 2, y: 2, width: 296, height: 36, ...line });
  for (const x of [100, 200]) page.drawLine({ start: { x, y: 2 }, end: { x, y: 38 }, thickness: 0.8 });
  for (const x of [10, 110, 210]) page.drawRectangle({ x, y: 14, width: 10, height: 10, ...line });
  const dir = await mkdtemp(join(tmpdir(), 'image-marks-'));
  try {
    const file = join(dir, 'strip.pdf');
    await writeFile(file, await doc.save());
    return grayPng(await rasterizePage(file, 1, 200, 10_000));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A page asking one question whose boxes are in a pasted image at (100, 660), 300 by 40 pt. */
async function formWithPastedTable(wordsInImage: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const page = doc.addPage([612, 792]);
  page.drawText('Riverside Family Medicine - Patient Intake', { x: 54, y: 760, size: 13, font });
  page.drawText('How did you hear about us?', { x: 54, y: 720, size: 10, font });
  page.drawImage(await doc.embedPng(await scannedBoxes(wordsInImage)), { x: 100, y: 660, width: 300, height: 40 });
  if (!wordsInImage) WORDS.forEach((w, i) => page.drawText(w, { x: 124 + 100 * i, y: 676, size: 10, font }));
  return doc.save();
}

describe('tick boxes drawn inside an image on a born-digital page', () => {
  it.each([
    ['printed on the page', false],
    ['in the image too', true],
  ])('become the options of the words beside them (words %s)', async (_, wordsInImage) => {
    const got = (await detectFields(await formWithPastedTable(wordsInImage))).fields.sort(
      (a, b) => a.rect[0] - b.rect[0],
    );
    expect(got.map((f) => f.label)).toEqual(WORDS);
    expect(new Set(got.map((f) => f.questionKey)).size).toBe(1);
    // The boxes land at x 110, 210, 310 and y 674..684 on the page.
    for (const [i, f] of got.entries()) {
      expect(Math.abs(f.rect[0] - (110 + 100 * i))).toBeLessThan(1);
      expect(f.rect[1]).toBeGreaterThan(672);
      expect(f.rect[3]).toBeLessThan(686);
    }
  });
});
