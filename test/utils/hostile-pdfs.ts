/**
 * PDFs an attacker would upload, made by the tests themselves (small files that cost a renderer a lot).
 * Plain pdf-lib and zlib: the hostile part is the image or page geometry, not a parser bug.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * A letter page with no text that draws one `side` x `side` pixel image `draws` times (a 1-bit image of white
 * rows deflates about 1000:1, so a 40000-pixel side is under 200 KB). A renderer decodes every pixel of every
 * draw: at 30000 pixels, seconds to minutes of CPU per draw, and OCR has to rasterize the page.
 */
export async function manyHugeImageDrawsPdf(side = 30_000, draws = 6): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const rowBytes = Math.ceil(side / 8);
  const data = deflateSync(Buffer.alloc(rowBytes * side, 0xff), { level: 1 });
  const dict = doc.context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: side,
    Height: side,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
    Length: data.length,
  });
  const image = doc.context.register(PDFRawStream.of(dict, data));
  const page = doc.addPage([612, 792]);
  page.node.setXObject(PDFName.of('Im0'), image);
  let ops = '';
  for (let i = 0; i < draws; i++) ops += `q 600 0 0 780 ${i} ${i} cm /Im0 Do Q\n`;
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops)));
  return doc.save();
}

/** A page of `sidePt` by `sidePt` points (14400: 200 by 200 inches, PDF's largest) with one drawn line, no text. */
export async function hugePagePdf(sidePt = 14_400): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([sidePt, sidePt]);
  page.drawLine({ start: { x: 72, y: 72 }, end: { x: sidePt - 72, y: 72 }, thickness: 2 });
  return doc.save();
}
