import { PDFDocument } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields } from '../index';
import { typedPairs } from './brackets';
import { inkPieces } from './ink-pieces';
import { judgeOcrWithoutTimeLimits, rasterizePdf, scanPdf } from 'test/utils/scanned-copies';

jest.setTimeout(600_000);
judgeOcrWithoutTimeLimits();

/** A typewriter-style form: options ticked in typed brackets and parentheses, and text full of look-alikes. */
async function typedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'mono');
  const p = doc.addPage([612, 792]);
  p.drawText('Are you in pain today?  ( ) Yes   ( ) No', { x: 60, y: 700, size: 11, font });
  p.drawText('The pain is: [ ] Sharp  [ ] Dull  [ ] Burning', { x: 60, y: 660, size: 11, font });
  p.drawText('Phone (555) 010-1111 [see note] ll II 11 || (a) [b]', { x: 60, y: 620, size: 11, font });
  return doc.save();
}

describe('typed tick marks', () => {
  it.each([150, 200, 300])('are the empty pairs only, round or square, at %i dpi', async (dpi) => {
    const img = await rasterizePdf(await typedForm(), dpi);
    const scale = dpi / 72;
    const pairs = typedPairs(img, scale, inkPieces(img, scale)).map((p) => ({
      round: p.round,
      y: Math.round(792 - p.open.y2 / scale),
    }));
    expect(pairs.filter((p) => p.round)).toHaveLength(2);
    expect(pairs.filter((p) => !p.round)).toHaveLength(3);
    // nothing on the line of look-alikes (filled parentheses and brackets, letters and bars)
    expect(pairs.every((p) => p.y > 640)).toBe(true);
  });

  it('give a scanned page the options the born-digital page gives', async () => {
    const pdf = await typedForm();
    const options = (fields: Awaited<ReturnType<typeof detectFields>>['fields']): string[] =>
      fields
        .filter((f) => f.kind === 'select_one' || f.kind === 'select_many')
        .map((f) => `${f.kind} ${f.choiceLabel}`);
    const digital = options((await detectFields(pdf)).fields);
    const scanned = options((await detectFields(await scanPdf(pdf, { skewDeg: 1.5, noise: 0.003 }))).fields);
    expect(digital).toHaveLength(5);
    expect(scanned).toEqual(digital);
  });
});
