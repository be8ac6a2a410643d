/**
 * One-page pdf-lib forms for the layout detector's specs: a clinic letterhead (real forms have a text layer of more
 * than a few words) and whatever `draw` prints under it.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export async function letterheadPdf(
  draw: (page: PDFPage, font: PDFFont) => void,
  fontName: StandardFonts = StandardFonts.Helvetica,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(fontName);
  const page = doc.addPage([612, 792]);
  page.drawText('Riverside Family Medicine - Patient Intake', { x: 72, y: 770, size: 12, font });
  draw(page, font);
  return doc.save();
}

/** Draws text and returns the x where it ends. */
export const drawText = (page: PDFPage, font: PDFFont, s: string, x: number, y: number, size = 10): number => {
  page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
  return x + font.widthOfTextAtSize(s, size);
};

/** A drawn 8 pt check square sitting on the baseline y. */
export const drawSquare = (page: PDFPage, x: number, y: number): void =>
  page.drawRectangle({ x, y, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
