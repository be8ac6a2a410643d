/**
 * Dark filled areas in a page raster: shaded bands heading a form's sections (white letters on dark grey) and dark
 * table header rows. On a scan a band and the top rule of the box under it are one area of ink, too thick for a
 * rule: without the band that box loses its top edge and its field. Found as ink dense in every window of a few
 * points, with straight edges. Coordinates are pixels, y down.
 */
import type { Box } from '../layout/types';
import { flood, INK_BELOW } from './ink-pieces';
import { levels, quantileOf, type Gray } from './raster';
import { pxAt, type PixelRule } from './rules';

export const BAND_PARAMS = {
  /**
   * Pixels darker than this are not paper: a light shade (a grey header row of a table, 0.85-0.9 grey) is dense
   * with them. Such a shade is kept as a fill only: its cells have rules of their own, which the scan shows.
   */
  shadeBelow: 238,
  /** Side of the window, in points, whose ink share marks a point as inside an area: wider than a rule is thick. */
  windowPt: 6,
  /** Share of ink in that window: white letters on a band leave it above this; a rule or bold text stays below. */
  denseShare: 0.72,
  /** A band is at least this tall and wide, in points (smaller: a bullet, a filled check box, a thick rule). */
  minHeightPt: 6,
  minWidthPt: 24,
  /** Each of a band's edges (its outermost lines of pixels) is ink along at least this share: a rectangle. */
  edgeShare: 0.8,
  /** The whole band is ink over at least this share (a photo or a logo is patchier). */
  minInkShare: 0.6,
};

export interface Band extends Box {
  /** Median grey of the band's ink, 0..255. */
  gray: number;
}

type Counter = (x1: number, y1: number, x2: number, y2: number) => number;

/** Sums of ink (pixels darker than `below`) over rectangles in O(1): a summed-area table of the ink mask. */
export function inkTable(img: Gray, below: number): Counter {
  const { width: w, height: h, data } = img;
  const W = w + 1;
  const sum = new Int32Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] < below) row++;
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1] + row;
    }
  }
  return (x1, y1, x2, y2) => sum[y2 * W + x2] - sum[y1 * W + x2] - sum[y2 * W + x1] + sum[y1 * W + x1];
}

/** Filled rectangles of a page at `scale` pixels per point: dark bands (ink) by default, any shade at shadeBelow. */
export function findBands(img: Gray, scale: number, below = INK_BELOW): Band[] {
  const p = BAND_PARAMS;
  const { width: w, height: h, data } = img;
  const half = Math.max(2, Math.round((p.windowPt * scale) / 2));
  const side = 2 * half;
  if (w <= side || h <= side) return [];
  const count = inkTable(img, below);
  // Centres of dense windows, on a grid of half a window's step: cheap, and an area's parts still touch.
  const step = Math.max(1, half >> 1);
  const gw = Math.floor((w - side) / step) + 1;
  const gh = Math.floor((h - side) / step) + 1;
  const need = p.denseShare * side * side;
  const dense = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const [x, y] = [gx * step, gy * step];
      if (count(x, y, x + side, y + side) >= need) dense[gy * gw + gx] = 1;
    }
  }
  const bands: Band[] = [];
  const seen = new Uint8Array(gw * gh);
  for (let start = 0; start < dense.length; start++) {
    if (seen[start] || !dense[start]) continue;
    let [gx1, gy1, gx2, gy2] = [gw, gh, 0, 0];
    const visit = (gx: number, gy: number): void => {
      [gx1, gy1, gx2, gy2] = [Math.min(gx1, gx), Math.min(gy1, gy), Math.max(gx2, gx), Math.max(gy2, gy)];
    };
    flood(gw, gh, [start], seen, (j) => dense[j] === 1, visit);
    const band = refine(img, count, gx1 * step, gy1 * step, gx2 * step + side, gy2 * step + side, half);
    if (band && band.x2 - band.x1 >= p.minWidthPt * scale && band.y2 - band.y1 >= p.minHeightPt * scale)
      bands.push({ ...band, gray: medianInk(data, w, band, below) });
  }
  return bands;
}

/**
 * The band's exact edges: each edge moves in from outside the windows' box to the first line of pixels that is ink
 * along most of it (a straight edge), no further than the windows' reach (a blob with no straight edge there is no
 * band); the band must then be ink along every edge and over most of its area.
 */
function refine(img: Gray, count: Counter, x1: number, y1: number, x2: number, y2: number, slack: number): Box | null {
  const p = BAND_PARAMS;
  const { width: w, height: h } = img;
  const rowShare = (y: number, a: number, b: number): number => count(a, y, b, y + 1) / Math.max(1, b - a);
  const colShare = (x: number, a: number, b: number): number => count(x, a, x + 1, b) / Math.max(1, b - a);
  const reach = 2 * slack;
  let top = Math.max(0, y1 - slack);
  while (top < y1 + reach && rowShare(top, x1, x2) < p.edgeShare) top++;
  let bottom = Math.min(h, y2 + slack);
  while (bottom > y2 - reach && rowShare(bottom - 1, x1, x2) < p.edgeShare) bottom--;
  let left = Math.max(0, x1 - slack);
  while (left < x1 + reach && colShare(left, top, bottom) < p.edgeShare) left++;
  let right = Math.min(w, x2 + slack);
  while (right > x2 - reach && colShare(right - 1, top, bottom) < p.edgeShare) right--;
  if (top >= y1 + reach || bottom <= y2 - reach || left >= x1 + reach || right <= x2 - reach) return null;
  if (bottom - top < 3 || right - left < 3) return null;
  if (count(left, top, right, bottom) < p.minInkShare * (right - left) * (bottom - top)) return null;
  return { x1: left, y1: top, x2: right, y2: bottom };
}

function medianInk(data: Uint8Array, width: number, b: Box, below: number): number {
  const counts = new Uint32Array(256);
  for (let y = b.y1; y < b.y2; y += 2)
    for (let x = b.x1; x < b.x2; x += 2) if (data[y * width + x] < below) counts[data[y * width + x]]++;
  return quantileOf(counts, 0.5);
}

/** The image with each band's inside mapped through its own `tone` levels, `margin` pixels along its edges white. */
function retoned(img: Gray, bands: Band[], tone: (b: Band) => Uint8Array, margin = 0): Gray {
  if (bands.length === 0) return img;
  const data = Uint8Array.from(img.data);
  for (const b of bands) {
    const map = tone(b);
    for (let y = b.y1; y < b.y2; y++) {
      const edgeRow = y - b.y1 < margin || b.y2 - y <= margin;
      for (let x = b.x1, i = y * img.width + b.x1; x < b.x2; x++, i++)
        data[i] = edgeRow || x - b.x1 < margin || b.x2 - x <= margin ? 255 : map[data[i]];
    }
  }
  return { ...img, data };
}

/**
 * The image with each band's inside turned negative, its shade stretched to white paper, so tesseract reads its
 * white letters as black print on paper (it takes a grey area for a picture and reads nothing in it). The band's
 * edges, half ink half paper on a scan, would turn into dashes: they are painted white.
 */
export const invertBands = (img: Gray, bands: Band[], scale: number): Gray =>
  retoned(img, bands, (b) => levels((v) => ((255 - v) * 255) / Math.max(1, 255 - b.gray)), pxAt(2, scale));
/** A band's four edges as rules: on a scan the top rule of the box under a band is the band's own edge. */
export function bandEdges(b: Band): { h: PixelRule[]; v: PixelRule[] } {
  const edge = (x1: number, y1: number, x2: number, y2: number): PixelRule => ({ x1, y1, x2, y2, thickness: 1 });
  return {
    h: [edge(b.x1, b.y1, b.x2, b.y1 + 1), edge(b.x1, b.y2 - 1, b.x2, b.y2)],
    v: [edge(b.x1, b.y1, b.x1 + 1, b.y2), edge(b.x2 - 1, b.y1, b.x2, b.y2)],
  };
}

/**
 * The image with each light shade stretched to white paper, its print kept black: tesseract thresholds a page as
 * a whole, and once the dark bands are turned to paper, a light grey header row falls on the ink side of its
 * threshold and its words are lost in a black bar.
 */
export const whitenShades = (img: Gray, shades: Band[]): Gray =>
  retoned(img, shades, (b) => levels((v) => (v * 255) / Math.max(1, b.gray)));
