/**
 * Small skew (a sheet fed at an angle): the angle whose horizontal projection of dark pixels is sharpest
 * (text lines and rules fall into few rows), searched over ±MAX_SKEW_DEG, then the image turned back.
 */
import type { Gray } from './raster';

export const DESKEW_PARAMS = {
  /** Largest skew corrected, in degrees. */
  maxSkewDeg: 3.5,
  /** Search step, in degrees ... */
  stepDeg: 0.25,
  /** ... then refined around the best angle at this step (a real sheet's skew is not on the coarse grid). */
  fineStepDeg: 0.05,
  /** Pixels darker than this (0..255) are ink. */
  inkBelow: 128,
  /** Every n-th ink pixel is sampled when estimating (speed). */
  sample: 3,
};

/** The turn, in degrees, that straightens the page: pass it to rotateImage. */
export function estimateSkew(img: Gray): number {
  const { width, height, data } = img;
  const xs: number[] = [];
  const ys: number[] = [];
  let k = 0;
  const ink = (i: number): boolean => data[i] < DESKEW_PARAMS.inkBelow;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      // Only ink with ink beside it: a copier's speckle is single pixels, and on a sparse page (a few boxes and
      // labels) there are more of them than of strokes, in no rows at all: they would decide the angle.
      if (ink(i) && ink(i + 1) && k++ % DESKEW_PARAMS.sample === 0) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 100) return 0;
  const rows = new Float64Array(height * 2);
  const sharpness = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) {
      // Rounded after adding: half an odd height would make the index fractional (no row at all).
      const r = Math.round(ys[i] + xs[i] * t + height / 2);
      if (r >= 0 && r < rows.length) rows[r]++;
    }
    let score = 0;
    for (let r = 0; r < rows.length; r++) score += rows[r] * rows[r];
    return score;
  };
  const { maxSkewDeg: max, stepDeg: step, fineStepDeg: fine } = DESKEW_PARAMS;
  let best = 0;
  let bestScore = -1;
  const consider = (deg: number): void => {
    const score = sharpness(deg);
    if (score > bestScore) [best, bestScore] = [deg, score];
  };
  for (let deg = -max; deg <= max + 1e-9; deg += step) consider(deg);
  const coarse = best;
  for (let deg = coarse - step + fine; deg < coarse + step - 1e-9; deg += fine) consider(Math.round(deg * 1000) / 1000);
  // The best projection angle is the content's own tilt; turning by its opposite undoes it.
  return -best;
}

/**
 * The image turned by `deg` degrees about its centre (bilinear; outside is white). Nearest-neighbour sampling would
 * cut a thin rule left a fraction of a degree off level into a staircase of pieces, each too short to be a rule;
 * sampled between pixels, the steps overlap and the rule stays whole.
 */
export function rotateImage(img: Gray, deg: number): Gray {
  if (Math.abs(deg) < 1e-6) return img;
  const { width, height, data } = img;
  const out = new Uint8Array(width * height).fill(255);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = width / 2;
  const cy = height / 2;
  const at = (x: number, y: number): number =>
    x >= 0 && x < width && y >= 0 && y < height ? data[y * width + x] : 255;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      // source point of (x, y): the inverse rotation, in pixel-centre coordinates
      const dx = x + 0.5 - cx;
      const sx = cx + dx * cos - dy * sin - 0.5;
      const sy = cy + dx * sin + dy * cos - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < -1 || x0 >= width || y0 < -1 || y0 >= height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data: out };
}
