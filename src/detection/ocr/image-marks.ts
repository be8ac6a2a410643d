/**
 * Tick boxes drawn inside an image on a born-digital page (a scanned table pasted into a word-processor form): each
 * large enough image is rendered alone and searched with the OCR path's square finder. Its squares join the page's
 * shapes; when it has some, its words are read by OCR too (a pasted table's option words are pixels as well) and
 * join the page's glyphs where the page prints none itself.
 */
import { intersects, type Box, type Glyph, type PageContent, type Shape } from '../layout/types';
import { boxInPt, glyphsOf, markShape } from './glyphs';
import { confident } from './ocr-page';
import { dpiWithinBudget, rasterizePage, whitenPaper } from './raster';
import { findRules } from './rules';
import { ocrWords } from './tesseract';
import { drawnSquares, withoutBoxes } from './words';

export const IMAGE_MARKS = {
  /** pt: an image narrower or lower than this is a logo or a signature, not a table of boxes. */
  minSide: 36,
  /** Rendering resolution: a drawn box of 6 pt is 17 pixels wide. */
  dpi: 200,
};

const middleIn = (g: Box, q: Box): boolean => {
  const [x, y] = [(g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2];
  return x > q.x1 && x < q.x2 && y > q.y1 && y < q.y2;
};

/** Squares and words found in the page's images, in its upright space, where the page draws none itself. */
export async function imageMarks(
  pdfPath: string,
  pageNumber: number,
  base: PageContent,
  timeoutMs: () => number,
): Promise<{ shapes: Shape[]; glyphs: Glyph[] }> {
  const shapes: Shape[] = [];
  const glyphs: Glyph[] = [];
  for (const img of base.images ?? []) {
    const [x1, x2] = [Math.max(0, img.x1), Math.min(base.width, img.x2)];
    const [y1, y2] = [Math.max(0, img.y1), Math.min(base.height, img.y2)];
    if (x2 - x1 < IMAGE_MARKS.minSide || y2 - y1 < IMAGE_MARKS.minSide) continue;
    const dpi = dpiWithinBudget(IMAGE_MARKS.dpi, x2 - x1, y2 - y1);
    const scale = dpi / 72;
    const crop = { x: Math.floor(x1 * scale), y: Math.floor((base.height - y2) * scale), w: 0, h: 0 };
    [crop.w, crop.h] = [Math.ceil((x2 - x1) * scale), Math.ceil((y2 - y1) * scale)];
    const raster = whitenPaper(await rasterizePage(pdfPath, pageNumber, dpi, timeoutMs(), crop));
    const rules = findRules(raster, scale);
    // A box the page draws itself (a shape, or a glyph whose middle is inside) is read from the page already.
    const toPt = (px: number, py: number): [number, number] => [
      (crop.x + px) / scale,
      base.height - (crop.y + py) / scale,
    ];
    const squares = drawnSquares(raster, rules.h, rules.v, scale).filter((q) => {
      const box = boxInPt(q, toPt);
      if (base.shapes.some((s) => intersects(s, box)) || base.glyphs.some((g) => middleIn(g, box))) return false;
      shapes.push(markShape(box, false));
      return true;
    });
    if (squares.length === 0) continue;
    const words = withoutBoxes(confident(await ocrWords(raster, dpi, timeoutMs(), 'eng')), squares);
    const printed = (g: Glyph): boolean => base.glyphs.some((o) => !o.hidden && middleIn(g, o));
    glyphs.push(...glyphsOf(words, [], [], toPt).glyphs.filter((g) => !printed(g)));
  }
  return { shapes, glyphs };
}
