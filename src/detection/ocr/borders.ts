/**
 * The dark margins of a copy (sheet smaller than the glass, shifted, or the lid left open): black beyond the paper,
 * square to the scanner rather than the skewed sheet, so it pulls the skew estimate towards 0° and its edge passes
 * for a rule. Found as ink reaching the image's edge in a solid mass (every pixel deep inside dark ink), painted
 * white with a thin fringe before anything else reads the page; a form's own rules are too thin to join it.
 */
import type { Box } from '../layout/types';
import { inkTable } from './bands';
import { flood, paintedWhite } from './ink-pieces';
import type { Gray } from './raster';
import { pxAt } from './rules';

export const BORDER_PARAMS = {
  /** Pixels darker than this (0..255) are a margin's. */
  darkBelow: 110,
  /** Side, in pixels at 200 dpi, of the window that must be all dark around a pixel of the solid mass. */
  windowPx: 9,
  /** Share of that window that is dark (noise and copier streaks leave a few lighter pixels). */
  solidShare: 0.9,
  /** Pixels at 200 dpi beyond the solid mass that are painted too (its soft edge). */
  fringePx: 3,
};

/** The image with dark margins joined to its edges painted white (the same image when there are none). */
export function withoutDarkMargins(img: Gray, scale: number): Gray {
  const { width: w, height: h } = img;
  const p = BORDER_PARAMS;
  const half = Math.max(1, Math.floor(pxAt(p.windowPx, scale) / 2));
  if (w <= 2 * half + 1 || h <= 2 * half + 1) return img;
  const count = inkTable(img, p.darkBelow);
  const solid = (i: number): boolean => {
    const [x, y] = [i % w, Math.floor(i / w)];
    const [x1, y1] = [Math.max(0, x - half), Math.max(0, y - half)];
    const [x2, y2] = [Math.min(w, x + half + 1), Math.min(h, y + half + 1)];
    return count(x1, y1, x2, y2) >= p.solidShare * (x2 - x1) * (y2 - y1);
  };
  const seen = new Uint8Array(w * h);
  const edges: number[] = [];
  for (let x = 0; x < w; x++) edges.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) edges.push(y * w, y * w + w - 1);
  let found = false;
  flood(w, h, edges, seen, solid, () => (found = true));
  // Nothing solid at the edges: no margin, and no rows to scan for one.
  if (!found) return img;
  // Paint the mass with its window's reach and the fringe: a pixel is solid when its whole window is dark.
  const runs: Box[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!seen[y * w + x]) continue;
      const start = x;
      while (x < w && seen[y * w + x]) x++;
      runs.push({ x1: start, y1: y, x2: x, y2: y + 1 });
    }
  }
  return paintedWhite(img, runs, half + pxAt(p.fringePx, scale));
}
