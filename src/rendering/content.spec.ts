import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDocument,
  PDFName,
  PDFRawStream,
  concatTransformationMatrix,
  pushGraphicsState,
  rectangle,
  setFontAndSize,
  setTextMatrix,
  showText,
  PDFHexString,
  popGraphicsState,
} from 'pdf-lib';
import { ContentBuilder } from './content';
import { useNativeDeflate } from './native-deflate';

describe('ContentBuilder', () => {
  it("writes the bytes pdf-lib's operators write, numbers included (no exponents, full precision)", () => {
    const text = PDFHexString.of('48656C6C6F');
    const font = PDFName.of('F1-0');
    const ops = [
      pushGraphicsState(),
      concatTransformationMatrix(1, 0, 0, 1, 72.123456789, 1e-7),
      rectangle(-1, -1, 1e21, 12.5),
      setFontAndSize(font, 11.00016),
      setTextMatrix(1, 0, 0, 1, 2, -0.000001),
      showText(text),
      popGraphicsState(),
    ];
    const built = new ContentBuilder()
      .op('q')
      .op('cm', 1, 0, 0, 1, 72.123456789, 1e-7)
      .op('re', -1, -1, 1e21, 12.5)
      .op('Tf', font, 11.00016)
      .op('Tm', 1, 0, 0, 1, 2, -0.000001)
      .op('Tj', text)
      .op('Q');
    expect(built.toString()).toBe(ops.map((op) => `${op.toString()}\n`).join(''));
  });

  it('appends one compressed content stream after the page’s own', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawRectangle({ x: 1, y: 1, width: 2, height: 2 });
    new ContentBuilder().op('q').op('Q').appendTo(page);
    const contents = page.node.Contents() as PDFArray;
    expect(contents.size()).toBe(2);
    const stream = doc.context.lookup(contents.get(1)) as PDFRawStream;
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(inflateSync(stream.getContents()).toString('latin1')).toBe('q\nQ\n');
  });
});

describe('useNativeDeflate', () => {
  it("makes pdf-lib's saved streams inflate to the same bytes as before", async () => {
    const make = async () => {
      const doc = await PDFDocument.create();
      doc.addPage().drawText('Zoë 1990-04-12', { x: 10, y: 10, size: 12 });
      return doc.save({ useObjectStreams: false });
    };
    const before = await make();
    useNativeDeflate();
    const after = await make();
    const streams = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.load(bytes);
      return doc.context
        .enumerateIndirectObjects()
        .map(([, obj]) => obj)
        .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream)
        .map((s) => inflateSync(s.getContents()).toString('latin1'));
    };
    expect(await streams(after)).toEqual(await streams(before));
  });
});
