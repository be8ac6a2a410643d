/**
 * Tick boxes drawn inside an image on a born-digital page (a scanned table pasted into a word-processor form): each
 * large enough image is rendered alone and searched with the OCR path's square finder; the squares join the page's
 * shapes, and the page's own words label them as on any vector page.
 */
import type { Box, PageContent, Shape } from '../layout/types';
import { dpiWithinBudget, rasterizePage, whitenPaper } from './raster';
import { findRules } from './rules';
import { drawnSquares } from './words';

export const IMAGE_MARKS = {
  /** pt: an image narrower or lower than this is a logo or a signature, not a table of boxes. */
  minSide: 36,
  /** Rendering resolution: a drawn box of 6 pt is 17 pixels wide. */
  dpi: 200,
};

const overlaps = (a: Box, b: Box): boolean => a.x1 < b.x2 && a.x2 > b.x1 && a.y1 < b.y2 && a.y2 > b.y1;

/** Squares found in the page's images, in its upright space, where no vector shape or glyph is drawn already. */
export async function imageSquares(
  pdfPath: string,
  pageNumber: number,
  base: PageContent,
  timeoutMs: () => number,
): Promise<Shape[]> {
  const out: Shape[] = [];
  for (const img of base.images ?? []) {
    const x1 = Math.max(0, img.x1);
    const x2 = Math.min(base.width, img.x2);
    const y1 = Math.max(0, img.y1);
    const y2 = Math.min(base.height, img.y2);
    if (x2 - x1 < IMAGE_MARKS.minSide || y2 - y1 < IMAGE_MARKS.minSide) continue;
    const dpi = dpiWithinBudget(IMAGE_MARKS.dpi, x2 - x1, y2 - y1);
    const scale = dpi / 72;
    const crop = { x: x1, y: base.height - y2, w: x2 - x1, h: y2 - y1 };
    const px = { x: Math.floor(crop.x * scale), y: Math.floor(crop.y * scale), w: 0, h: 0 };
    px.w = Math.ceil(crop.w * scale);
    px.h = Math.ceil(crop.h * scale);
    const raster = whitenPaper(await rasterizePage(pdfPath, pageNumber, dpi, timeoutMs(), px));
    const rules = findRules(raster, scale);
    for (const q of drawnSquares(raster, rules.h, rules.v, scale)) {
      const top = base.height - px.y / scale;
      const box = {
        x1: (px.x + q.x1) / scale,
        x2: (px.x + q.x2) / scale,
        y1: top - q.y2 / scale,
        y2: top - q.y1 / scale,
      };
      out.push({ ...box, curved: false, stroked: true, filled: false, rectLike: true });
    }
  }
  // A box the page draws itself (a shape, or a glyph whose middle is inside) is read from the page already.
  const middleIn = (g: Box, q: Box): boolean => {
    const [x, y] = [(g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2];
    return x > q.x1 && x < q.x2 && y > q.y1 && y < q.y2;
  };
  return out.filter((q) => !base.shapes.some((s) => overlaps(s, q)) && !base.glyphs.some((g) => middleIn(g, q)));
}
