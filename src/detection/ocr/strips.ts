/**
 * A page read as horizontal strips, one tesseract process each, side by side on the machine's cores. Tesseract's
 * recognizer is single-threaded in practice (its OpenMP threads fight, see raster.ts), and a dense form page is
 * about 3 s of it; strips cut where a row of pixels holds the least ink (between text lines, never through one)
 * divide that time by the number of cores with the same words.
 */
import { availableParallelism } from 'node:os';
import type { Gray } from './raster';

export const STRIP_PARAMS = {
  /** Most strips a page is cut into, whatever the core count. */
  maxStrips: 4,
  /** A strip is at least this tall, in pixels at the page's resolution (a few text lines). */
  minStripPx: 300,
  /** Each cut is searched within this share of a strip's height around its even position. */
  searchShare: 0.25,
  /** Pixels darker than this (0..255) are ink. */
  inkBelow: 128,
};

/** How many strips a page of `height` pixels is read as: one per core, within the bounds above. */
export function stripCount(height: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(STRIP_PARAMS.maxStrips, cores, Math.floor(height / STRIP_PARAMS.minStripPx)));
}

/**
 * Rows to cut the page at, top to bottom: near each even split, the row with the least ink (the closest to the
 * even split among equals), so a cut runs between text lines and across rules only where nothing else is open.
 */
export function stripCuts(img: Gray, strips: number): number[] {
  if (strips <= 1) return [];
  const { width, height, data } = img;
  const inkRow = (y: number): number => {
    let n = 0;
    for (let i = y * width, end = i + width; i < end; i++) if (data[i] < STRIP_PARAMS.inkBelow) n++;
    return n;
  };
  const cuts: number[] = [];
  const step = height / strips;
  const reach = Math.floor(step * STRIP_PARAMS.searchShare);
  for (let k = 1; k < strips; k++) {
    const even = Math.round(k * step);
    let best = even;
    let bestInk = Infinity;
    for (let d = 0; d <= reach; d++) {
      for (const y of d === 0 ? [even] : [even - d, even + d]) {
        if (y <= 0 || y >= height) continue;
        const ink = inkRow(y);
        if (ink < bestInk) [best, bestInk] = [y, ink];
      }
    }
    cuts.push(best);
  }
  return cuts;
}

/** The rows [top, bottom) of an image as an image of their own. */
export function stripOf(img: Gray, top: number, bottom: number): Gray {
  return { width: img.width, height: bottom - top, data: img.data.subarray(top * img.width, bottom * img.width) };
}
