/**
 * Fonts for test PDFs that get rasterized. pdf-lib's StandardFonts are not embedded, so poppler draws them with
 * whatever fontconfig substitutes on the machine (Liberation here, URW Nimbus once fonts-urw-base35 is installed)
 * and OCR reads the page differently from one machine to the next. These are the Liberation faces (metric-compatible
 * with Helvetica and Courier, so layouts measured for the standard fonts keep their geometry), embedded as subsets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const FILES = {
  sans: 'LiberationSans-Regular.ttf',
  sansBold: 'LiberationSans-Bold.ttf',
  mono: 'LiberationMono-Regular.ttf',
} as const;

export type TestFontFace = keyof typeof FILES;

const bytesByFace = new Map<TestFontFace, Uint8Array>();

function fontBytes(face: TestFontFace): Uint8Array {
  let bytes = bytesByFace.get(face);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(join(__dirname, '..', 'fixtures', 'fonts', FILES[face])));
    bytesByFace.set(face, bytes);
  }
  return bytes;
}

/** Embeds one face in `doc` (the stand-in for Helvetica, Helvetica-Bold or Courier). */
export function embedTestFont(doc: PDFDocument, face: TestFontFace): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(fontBytes(face), { subset: true });
}
