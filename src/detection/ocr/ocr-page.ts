/**
 * A scanned page as page content: rasterized, turned upright (quarter turns from tesseract's OSD, small skew
 * from the projection profile), searched for drawn rules and check boxes, and read by OCR for words and their
 * boxes. The result has the shape of a born-digital page's content, so the same layout stages (binding, kinds,
 * questions, sections) run on it unchanged.
 */
import { intersects, type Box, type PageContent, type Segment } from '../layout/types';
import { estimateSkew, rotateImage } from './deskew';
import { withoutDarkMargins } from './borders';
import { BAND_PARAMS, bandEdges, findBands, invertBands, whitenShades } from './bands';
import { typedPairs, type TypedPair } from './brackets';
import { drawnCircles } from './circles';
import { boxInPt, glyphsOf, markShape } from './glyphs';
import { inkPieces, paintedWhite, type InkPiece } from './ink-pieces';
import { dpiWithinBudget, rasterizePage, scanDpi, whitenPaper, type Gray } from './raster';
import { findRules, type PixelRule } from './rules';
import { looksSpanish, ocrWords, osdRotation, type OcrLanguages, type OcrWord } from './tesseract';
import { drawnSquares, insideWord, mendWords, onSquare, splitAtBlanks, withoutBoxes, withoutRuleGlyphs } from './words';

export const OCR_PARAMS = {
  /** Words tesseract is less sure of than this (0..100) are dropped. */
  minWordConf: 30,
  /**
   * Below this mean word confidence, or `fewWords` words, OSD checks the page's orientation (about 1 s): a page read
   * sideways gives a few fairly sure words (11 at 57 on an intake page), an upright form page hundreds at 85-95.
   */
  lowConfidence: 70,
  fewWords: 30,
};

export interface OcrPageResult {
  content: PageContent;
  /** Mean confidence (0..1) of the words kept. */
  confidence: number;
  quarterTurns: number;
  /** A field of the straightened page moved to where the scan shows it: the completed PDF writes over the scan. */
  placeOnScan: (rect: [number, number, number, number]) => [number, number, number, number];
  /** The languages the page was read in: the next page of the document starts with them. */
  languages: OcrLanguages;
}

/** Clockwise quarter turns of an image: each pixel of the turned image is the one its middle comes from. */
function turn(img: Gray, quarter: number): Gray {
  if (quarter % 4 === 0) return img;
  const { width: w, height: h, data } = img;
  const [ow, oh] = quarter % 2 ? [h, w] : [w, h];
  const out = new Uint8Array(w * h);
  for (let ny = 0; ny < oh; ny++) {
    for (let nx = 0; nx < ow; nx++) {
      const [x, y] = unturn(nx + 0.5, ny + 0.5, quarter, w, h);
      out[ny * ow + nx] = data[Math.floor(y) * w + Math.floor(x)];
    }
  }
  return { width: ow, height: oh, data: out };
}

/** Maps a pixel of the turned image back to the original raster. */
function unturn(x: number, y: number, quarter: number, w0: number, h0: number): [number, number] {
  const q = ((quarter % 4) + 4) % 4;
  return q === 1 ? [y, h0 - x] : q === 2 ? [w0 - x, h0 - y] : q === 3 ? [w0 - y, x] : [x, y];
}

const boxOf = ({ x1, y1, x2, y2 }: Box): Box => ({ x1, y1, x2, y2 });

/** A typed pair as the two characters a born-digital form has there (painted out, tesseract never read them). */
function pairWords(p: TypedPair, i: number): OcrWord[] {
  const [open, close] = p.round ? ['(', ')'] : ['[', ']'];
  const word = (text: string, c: InkPiece): OcrWord => ({ text, ...boxOf(c), conf: 100, line: `typed.${i}` });
  return [word(open, p.open), word(close, p.close)];
}

/** The words tesseract is sure enough of. */
export const confident = (ws: OcrWord[]): OcrWord[] => ws.filter((w) => w.conf >= OCR_PARAMS.minWordConf);

/**
 * Straightens an upright raster, finds its marks, rules and bands, and reads it in `languages` (again with Spanish
 * when English words look Spanish). Everything in pixels of the straightened image.
 */
async function readUpright(upright: Gray, scale: number, timeoutMs: () => number, languages: OcrLanguages) {
  const dpi = Math.round(scale * 72); // the page's own, see scanDpi
  const skewDeg = estimateSkew(upright);
  const straight = rotateImage(upright, skewDeg);
  const rules = findRules(straight, scale);
  const squares = drawnSquares(straight, rules.h, rules.v, scale);
  const pieces = inkPieces(straight, scale);
  const circles = drawnCircles(straight, scale, pieces);
  const typed = typedPairs(straight, scale, pieces);
  // Boxes of every drawn mark: painted out before OCR, tesseract would read them as letters ("O", "[]", ")Yes").
  const markers: Box[] = [...squares, ...circles, ...typed.flatMap((p) => [p.open, p.close])];
  const bands = findBands(straight, scale);
  // Light shades (grey header rows): fills only, their cells' rules are on the scan.
  const shades = findBands(straight, scale, BAND_PARAMS.shadeBelow).filter((s) => !bands.some((b) => intersects(s, b)));
  const image = whitenShades(invertBands(paintedWhite(straight, markers, 1), bands, scale), shades);

  let read = await ocrWords(image, dpi, timeoutMs(), languages);
  let used = languages;
  if (languages === 'eng' && looksSpanish(confident(read))) {
    used = 'spa+eng';
    read = await ocrWords(image, dpi, timeoutMs(), used);
  }
  const words = confident(read);
  return { straight, skewDeg, rules, squares, circles, typed, bands, shades, markers, words, languages: used };
}

/** Milliseconds left until `deadline` (epoch ms), but at least a second for each tool run. */
export const timeLeft = (deadline: number) => (): number => Math.max(1_000, deadline - Date.now());

const meanConf = (ws: OcrWord[]): number => (ws.length ? ws.reduce((s, w) => s + w.conf, 0) / ws.length : 0);

/** How the straightened scan (W x H pixels at `scale` px/pt) maps to and from the page's PDF user space. */
interface ScanPlacement {
  quarterTurns: number;
  scale: number;
  W: number;
  H: number;
  skewDeg: number;
}

/**
 * Straightened-image pixels -> original raster pixels -> the page's upright points -> PDF user space. The layout
 * stages work on the straight sheet (toUser undoes quarter turns only); placeOnScan then turns each field's centre
 * back by the skew.
 */
function scanMapping(base: PageContent, raster0: Gray, { quarterTurns, scale, W, H, skewDeg }: ScanPlacement) {
  const heightPt = H / scale;
  const toPt = (x: number, y: number): [number, number] => [x / scale, heightPt - y / scale];
  // A pixel of the turned raster in PDF user space.
  const userOf = (ux: number, uy: number): [number, number] => {
    const [px, py] = unturn(ux, uy, quarterTurns, raster0.width, raster0.height);
    return base.toUser(px / scale, base.height - py / scale);
  };
  const toUser = (x: number, y: number): [number, number] => userOf(x * scale, (heightPt - y) * scale);
  const fromUser = (x: number, y: number): [number, number] => {
    const [ux, uy] = base.fromUser(x, y);
    // The turned raster (W x H, as straight) turned on to a whole turn is the original raster again.
    const [sx, sy] = unturn(ux * scale, (base.height - uy) * scale, 4 - quarterTurns, W, H);
    return [sx / scale, heightPt - sy / scale];
  };

  const skew = (skewDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(skew), Math.sin(skew)];
  const placeOnScan = ([x1, y1, x2, y2]: [number, number, number, number]): [number, number, number, number] => {
    const [ax, ay] = fromUser((x1 + x2) / 2, (y1 + y2) / 2);
    // The straightened image's pixel (x, y) came from the upright raster's pixel turned by the skew about the
    // centre (rotateImage).
    const [dx, dy] = [ax * scale - W / 2, (heightPt - ay) * scale - H / 2];
    const [ux, uy] = [W / 2 + dx * cos - dy * sin, H / 2 + dx * sin + dy * cos];
    const [cx, cy] = userOf(ux, uy);
    const [mx, my] = [cx - (x1 + x2) / 2, cy - (y1 + y2) / 2];
    const r = (v: number): number => Math.round(v * 100) / 100;
    return [r(x1 + mx), r(y1 + my), r(x2 + mx), r(y2 + my)];
  };
  return { toPt, toUser, fromUser, placeOnScan };
}

/**
 * OCRs page `pageNumber` of the PDF at `pdfPath`. `base` is the page's (empty or unusable) born-digital content:
 * its size and its mapping between the upright analysis space and PDF user space.
 */
export async function ocrPage(
  pdfPath: string,
  pageNumber: number,
  base: PageContent,
  left: () => number,
  previous: Pick<OcrPageResult, 'languages' | 'quarterTurns'>,
): Promise<OcrPageResult> {
  // Within the pixel budget before anything is rendered (a hostile page size would make gigabytes of pixels).
  const ownDpi = await scanDpi(pdfPath, pageNumber, base.width * base.height, left());
  const dpi = dpiWithinBudget(ownDpi, base.width, base.height);
  // Margins first: they would pull the skew estimate to 0° and pass for rules and bands.
  const raster0 = withoutDarkMargins(whitenPaper(await rasterizePage(pdfPath, pageNumber, dpi, left())), dpi / 72);
  const scale = raster0.width / base.width; // pixels per point

  // The previous page's turn first: the sheets of one document are mostly fed the same way.
  let quarterTurns = previous.quarterTurns;
  let page = await readUpright(turn(raster0, quarterTurns), scale, left, previous.languages);
  if (meanConf(page.words) < OCR_PARAMS.lowConfidence || page.words.length < OCR_PARAMS.fewWords) {
    const turns = (await osdRotation(raster0, left())) / 90;
    if (turns !== quarterTurns) {
      quarterTurns = turns;
      page = await readUpright(turn(raster0, quarterTurns), scale, left, page.languages);
    }
  }
  const { straight, skewDeg, rules, squares, circles, typed, bands, shades, markers } = page;

  const { width: W, height: H } = straight;
  const heightPt = H / scale;
  const { toPt, toUser, fromUser, placeOnScan } = scanMapping(base, raster0, { quarterTurns, scale, W, H, skewDeg });
  const words = [
    ...mendWords(splitAtBlanks(withoutRuleGlyphs(withoutBoxes(page.words, markers), rules.v, scale), rules.h, scale)),
    ...typed.flatMap(pairWords),
  ];
  const kept = (r: PixelRule): boolean => !onSquare(r, markers, scale) && !insideWord(r, words, scale);
  const [h, v] = [rules.h.filter(kept), rules.v.filter(kept)];
  const { glyphs, blanks } = glyphsOf(words, h, v, toPt);
  const boxPt = (b: Box): Box => boxInPt(b, toPt);
  const bandBoxes = bands.map(boxPt);
  // OCR does not tell bold from regular; white letters on a dark band are a heading's, and sections start there.
  for (const g of glyphs)
    if (bandBoxes.some((b) => g.x1 >= b.x1 && g.x2 <= b.x2 && g.y1 >= b.y1 - 1 && g.y2 <= b.y2 + 1)) g.bold = true;
  const segment = (r: PixelRule): Segment => {
    const { x1, y1, x2, y2 } = boxPt(r);
    const horizontal = r.x2 - r.x1 >= r.y2 - r.y1;
    const mid = horizontal ? (y1 + y2) / 2 : (x1 + x2) / 2;
    const width = r.thickness / scale;
    return horizontal ? { x1, x2, y1: mid, y2: mid, width } : { x1: mid, x2: mid, y1, y2, width };
  };
  const edges = bands.map(bandEdges);
  const content: PageContent = {
    index: base.index,
    width: W / scale,
    height: heightPt,
    toUser,
    fromUser,
    glyphs,
    hLines: [...h.filter((r) => !blanks.has(r)), ...edges.flatMap((e) => e.h)].map(segment),
    vLines: [...v, ...edges.flatMap((e) => e.v)].map(segment),
    // A check box's sides are not rules of their own (a side measured a little thick would pass for a printed dash).
    shapes: [...squares.map((q) => markShape(boxPt(q), false)), ...circles.map((q) => markShape(boxPt(q), true))],
    // A band is a filled rectangle, as a vector form draws it: the layout takes no field from a shaded cell.
    fills: [...bands, ...shades].map((b) => ({ ...boxPt(b), gray: b.gray / 255 })),
  };
  return { content, confidence: meanConf(words) / 100, quarterTurns, placeOnScan, languages: page.languages };
}
