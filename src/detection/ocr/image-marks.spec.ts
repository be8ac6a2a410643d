import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedTestFont } from '../../../test/utils/embedded-fonts';
import { detectFields } from '../index';
import { rasterizePage } from './raster';
import { grayPng } from 'test/utils/scanned-copies';

/** A "scanned" strip: a ruled table row with a drawn box at the start of each of its three cells, as pixels. */
async function scannedBoxes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 40]);
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

describe('tick boxes drawn inside an image on a born-digital page', () => {
  it('become the options of the words printed beside them', async () => {
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const page = doc.addPage([612, 792]);
    page.drawText('Riverside Family Medicine - Patient Intake', { x: 54, y: 760, size: 13, font });
    page.drawText('How did you hear about us?', { x: 54, y: 720, size: 10, font });
    // The strip is placed at (100, 660) at its own size: its boxes land at x 110, 210, 310 and y 674..684.
    page.drawImage(await doc.embedPng(await scannedBoxes()), { x: 100, y: 660, width: 300, height: 40 });
    for (const [x, word] of [
      [124, 'Friend'],
      [224, 'Internet'],
      [324, 'Doctor'],
    ] as const)
      page.drawText(word, { x, y: 676, size: 10, font });
    const got = (await detectFields(await doc.save())).fields.sort((a, b) => a.rect[0] - b.rect[0]);
    expect(got.map((f) => f.label)).toEqual(['Friend', 'Internet', 'Doctor']);
    expect(new Set(got.map((f) => f.questionKey)).size).toBe(1);
    for (const [i, f] of got.entries()) {
      expect(Math.abs(f.rect[0] - (110 + 100 * i))).toBeLessThan(1);
      expect(f.rect[1]).toBeGreaterThan(672);
      expect(f.rect[3]).toBeLessThan(686);
    }
  });
});
