/**
 * Page boxes of a template's source PDF: what a field's rect must lie within. Plain TypeScript (pdf-lib).
 * Only called on a PDF that already went through the sandbox's preflight and detection (so its page tree
 * is sane and pdf-lib is known to load it), once per version: the result is stored with the version.
 */
import { PDFDocument, ParseSpeeds } from 'pdf-lib';
import type { Rect } from '../shared/field-map';

export interface PageBox {
  /** 1-based page number. */
  page: number;
  /** The visible area (CropBox, else MediaBox) as [x1, y1, x2, y2] in PDF user space: rects are in this space. */
  box: Rect;
  /** Page /Rotate in degrees (0, 90, 180, 270): how a viewer turns the page. */
  rotate: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export async function readPageBoxes(pdf: Uint8Array): Promise<PageBox[]> {
  const doc = await PDFDocument.load(pdf, {
    parseSpeed: ParseSpeeds.Fastest,
    updateMetadata: false,
    ignoreEncryption: true,
  });
  return doc.getPages().map((page, index) => {
    const { x, y, width, height } = page.getCropBox();
    const rotate = ((page.getRotation().angle % 360) + 360) % 360;
    return {
      page: index + 1,
      box: [round(x), round(y), round(x + width), round(y + height)],
      rotate,
    };
  });
}

/** Whether a rect lies on its page: inside the box, with a positive width and height. */
export function rectOnPage(rect: Rect, box: Rect): boolean {
  const [x1, y1, x2, y2] = rect;
  return x1 < x2 && y1 < y2 && x1 >= box[0] && y1 >= box[1] && x2 <= box[2] && y2 <= box[3];
}
