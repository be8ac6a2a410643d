/**
 * A scanned page as page content: rasterized, turned upright (quarter turns from tesseract's OSD, small skew
 * from the projection profile), read by OCR for words and their boxes, and searched for drawn rules. The result
 * has the shape of a born-digital page's content, so the same layout stages (binding, kinds, questions, sections)
 * run on it unchanged.
 */
import type { Glyph, PageContent, Segment } from '../layout/types';
import { estimateSkew, rotateImage } from './deskew';
import { rasterizePage, type Gray } from './raster';
import { findRules, type PixelRule } from './rules';
import { ocrWords, osdRotation, type OcrWord } from './tesseract';

export const OCR_PARAMS = {
  /** Raster resolution for OCR (tesseract reads 200-300 dpi best; 200 keeps a Letter page under ~1.5 s). */
  dpi: 200,
  /** Words tesseract is less sure of than this (0..100) are dropped. */
  minWordConf: 30,
  /** Word box height / font size: glyph sizes are estimated from word boxes. */
  boxToFontSize: 0.95,
  /** Below this mean word confidence the page's orientation is checked with OSD. */
  lowConfidence: 55,
};

export interface OcrPageResult {
  content: PageContent;
  /** Mean confidence (0..1) of the words kept. */
  confidence: number;
  skewDeg: number;
  quarterTurns: number;
}

/** Clockwise quarter turns of an image. */
function turn(img: Gray, quarter: number): Gray {
  const q = ((quarter % 4) + 4) % 4;
  if (q === 0) return img;
  const { width: w, height: h, data } = img;
  const ow = q === 2 ? w : h;
  const oh = q === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [nx, ny] = q === 1 ? [h - 1 - y, x] : q === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * ow + nx] = data[y * w + x];
    }
  }
  return { width: ow, height: oh, data: out };
}

/** Maps a pixel of the turned image back to the original raster. */
function unturn(x: number, y: number, quarter: number, w0: number, h0: number): [number, number] {
  switch (((quarter % 4) + 4) % 4) {
    case 1:
      return [y, h0 - x];
    case 2:
      return [w0 - x, h0 - y];
    case 3:
      return [w0 - y, x];
    default:
      return [x, y];
  }
}

/**
 * Glyphs of OCR words. Word boxes vary with ascenders and descenders ("you" hangs lower than "Do"), which would
 * scatter one printed line over several baselines: the words of one OCR line share one baseline and size.
 */
function glyphsOf(words: OcrWord[], toPt: (x: number, y: number) => [number, number]): Glyph[] {
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const lines = new Map<string, OcrWord[]>();
  for (const w of words) lines.set(w.line, [...(lines.get(w.line) ?? []), w]);
  const glyphs: Glyph[] = [];
  for (const line of lines.values()) {
    const [, top] = toPt(0, median(line.map((w) => w.y1)));
    const [, bottom] = toPt(0, median(line.map((w) => w.y2)));
    const h = Math.max(1, top - bottom);
    const size = Math.max(4, h / OCR_PARAMS.boxToFontSize);
    for (const w of line) {
      const chars = Array.from(w.text);
      const [x1] = toPt(w.x1, 0);
      const [x2] = toPt(w.x2, 0);
      const step = (x2 - x1) / chars.length;
      chars.forEach((ch, i) => {
        glyphs.push({
          ch,
          x1: x1 + i * step,
          x2: x1 + (i + 1) * step,
          y1: bottom,
          y2: top,
          base: bottom + h * 0.2,
          size,
          font: 'ocr',
          mono: false,
          bold: false,
        });
      });
    }
  }
  return glyphs;
}

/**
 * "Name:________" read as one word: the underscores are a blank, found as a rule along the word's foot. The word
 * is cut there, so its text keeps its own width and the blank stays a blank.
 */
function splitAtBlanks(words: OcrWord[], h: PixelRule[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const m = /^([^_]*?)_{2,}(.*)$/.exec(w.text);
    const height = w.y2 - w.y1;
    const foot = h.find(
      (r) => r.x2 - r.x1 >= 1.5 * height && r.x1 >= w.x1 - 2 && r.x2 <= w.x2 + 2 && r.y1 >= w.y1 + height / 2 - 2,
    );
    if (!m || !foot) {
      out.push(w);
      continue;
    }
    if (m[1]) out.push({ ...w, text: m[1], x2: Math.max(w.x1 + 1, foot.x1 - 1) });
    if (m[2].replace(/_/g, '')) out.push({ ...w, text: m[2].replace(/^_+/, ''), x1: Math.min(w.x2 - 1, foot.x2 + 1) });
  }
  return out;
}

/** Small squares outlined by two horizontal and two vertical rules: drawn check boxes (pixels). */
function drawnSquares(h: PixelRule[], v: PixelRule[], scale: number): PixelRule[] {
  const min = 5 * scale;
  const max = 22 * scale;
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 4;
  const out: PixelRule[] = [];
  for (const top of h) {
    const w = top.x2 - top.x1;
    if (w < min || w > max) continue;
    for (const bottom of h) {
      const d = bottom.y1 - top.y1;
      if (bottom === top || d < min || d > max || Math.abs(d - w) > 0.35 * w) continue;
      if (!near(top.x1, bottom.x1) || !near(top.x2, bottom.x2)) continue;
      const side = (x: number): boolean =>
        v.some((r) => (near(r.x1, x) || near(r.x2, x) ? r.y1 <= top.y2 + 4 && r.y2 >= bottom.y1 - 4 : false));
      if (side(top.x1) && side(top.x2)) out.push({ x1: top.x1, y1: top.y1, x2: top.x2, y2: bottom.y2 });
    }
  }
  return out;
}

/**
 * OCR often reads a drawn check box as a letter ("O", "[]") on its own or glued to the option word ("OYes").
 * Such a box is not text: the word loses the characters over it (or goes, when nothing else is left).
 */
function withoutBoxes(words: OcrWord[], squares: PixelRule[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    let word: OcrWord | null = w;
    for (const sq of squares) {
      if (!word || sq.x2 <= word.x1 || sq.x1 >= word.x2 || sq.y2 <= word.y1 || sq.y1 >= word.y2) continue;
      const chars: string[] = Array.from(word.text);
      const step = (word.x2 - word.x1) / chars.length;
      if (sq.x1 - word.x1 <= word.x2 - sq.x2) {
        const cut = Math.max(1, Math.round((sq.x2 - word.x1) / step));
        word =
          cut >= chars.length ? null : { ...word, text: chars.slice(cut).join(''), x1: Math.max(word.x1, sq.x2 + 1) };
      } else {
        const cut = Math.max(1, Math.round((word.x2 - sq.x1) / step));
        word =
          cut >= chars.length
            ? null
            : { ...word, text: chars.slice(0, -cut).join(''), x2: Math.min(word.x2, sq.x1 - 1) };
      }
    }
    if (word) out.push(word);
  }
  return out;
}

/** Rules inside a word's box are the word's own strokes, unless the word is a blank (underscores). */
function notInWords(rule: PixelRule, words: OcrWord[], squares: PixelRule[]): boolean {
  const onSquare = squares.some(
    (q) => rule.x1 >= q.x1 - 2 && rule.x2 <= q.x2 + 2 && rule.y1 >= q.y1 - 2 && rule.y2 <= q.y2 + 2,
  );
  return (
    onSquare ||
    !words.some(
      (w) =>
        !/^_+$/.test(w.text) &&
        rule.x2 - rule.x1 < 1.5 * (w.y2 - w.y1) &&
        rule.x1 >= w.x1 - 1 &&
        rule.x2 <= w.x2 + 1 &&
        rule.y1 >= w.y1 - 1 &&
        rule.y2 <= w.y2 + 1,
    )
  );
}

/**
 * OCRs page `pageNumber` of the PDF at `pdfPath`. `base` is the page's (empty or unusable) born-digital content:
 * its size and its mapping between the upright analysis space and PDF user space.
 */
export async function ocrPage(
  pdfPath: string,
  pageNumber: number,
  base: PageContent,
  timeoutMs: number,
): Promise<OcrPageResult> {
  const started = Date.now();
  const left = (): number => Math.max(1_000, timeoutMs - (Date.now() - started));
  const raster0 = await rasterizePage(pdfPath, pageNumber, OCR_PARAMS.dpi, left());
  const scale = raster0.width / base.width; // pixels per point

  let quarterTurns = 0;
  let upright = raster0;
  let skewDeg = estimateSkew(upright);
  let straight = rotateImage(upright, skewDeg);
  let words = (await ocrWords(straight, OCR_PARAMS.dpi, left())).filter((w) => w.conf >= OCR_PARAMS.minWordConf);
  const meanConf = (ws: OcrWord[]): number => (ws.length ? ws.reduce((s, w) => s + w.conf, 0) / ws.length : 0);
  if (meanConf(words) < OCR_PARAMS.lowConfidence || words.length < 5) {
    const rotate = await osdRotation(raster0, left());
    if (rotate !== 0) {
      quarterTurns = rotate / 90;
      upright = turn(raster0, quarterTurns);
      skewDeg = estimateSkew(upright);
      straight = rotateImage(upright, skewDeg);
      words = (await ocrWords(straight, OCR_PARAMS.dpi, left())).filter((w) => w.conf >= OCR_PARAMS.minWordConf);
    }
  }

  // Straightened-image pixels -> original raster pixels -> the page's upright points -> PDF user space.
  // The small skew is not mapped back: fields are placed where the page's content belongs (a straight sheet, as
  // printed), which is where the blank form's own coordinates put them; only quarter turns are undone.
  const { width: W, height: H } = straight;
  const toRaster0 = (x: number, y: number): [number, number] =>
    unturn(x, y, quarterTurns, raster0.width, raster0.height);
  const fromRaster0 = (px: number, py: number): [number, number] => {
    switch (((quarterTurns % 4) + 4) % 4) {
      case 1:
        return [raster0.height - py, px];
      case 2:
        return [raster0.width - px, raster0.height - py];
      case 3:
        return [py, raster0.width - px];
      default:
        return [px, py];
    }
  };
  // The analysis space: the straightened image in points, y up.
  const heightPt = H / scale;
  const toPt = (x: number, y: number): [number, number] => [x / scale, heightPt - y / scale];
  const toUser = (x: number, y: number): [number, number] => {
    const [px, py] = toRaster0(x * scale, (heightPt - y) * scale);
    return base.toUser(px / scale, base.height - py / scale);
  };
  const fromUser = (x: number, y: number): [number, number] => {
    const [ux, uy] = base.fromUser(x, y);
    const [sx, sy] = fromRaster0(ux * scale, (base.height - uy) * scale);
    return [sx / scale, heightPt - sy / scale];
  };

  const rules = findRules(straight, scale);
  const squares = drawnSquares(rules.h, rules.v, scale);
  words = splitAtBlanks(withoutBoxes(words, squares), rules.h);
  const segment = (r: PixelRule): Segment => {
    const [x1, y2] = toPt(r.x1, r.y1);
    const [x2, y1] = toPt(r.x2, r.y2);
    const horizontal = r.x2 - r.x1 >= r.y2 - r.y1;
    const mid = horizontal ? (y1 + y2) / 2 : (x1 + x2) / 2;
    return horizontal ? { x1, x2, y1: mid, y2: mid, width: y2 - y1 } : { x1: mid, x2: mid, y1, y2, width: x2 - x1 };
  };
  const content: PageContent = {
    index: base.index,
    width: W / scale,
    height: heightPt,
    toUser,
    fromUser,
    glyphs: glyphsOf(words, toPt),
    hLines: rules.h.filter((r) => notInWords(r, words, squares)).map(segment),
    vLines: rules.v.filter((r) => notInWords(r, words, squares)).map(segment),
    shapes: [],
    fills: [],
  };
  return { content, confidence: meanConf(words) / 100, skewDeg, quarterTurns };
}
