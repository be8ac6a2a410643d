/**
 * Ink in a page raster: connected pieces of it (the marks, rings and typed brackets, that are not rules or words),
 * and the pixel walks, counts and paint the finders share.
 */
import type { Box } from '../layout/types';
import type { Gray } from './raster';

/**
 * Pixels darker than this (0..255) are ink. A thin rule on a scan is a band of greys (120-160), so a lighter
 * threshold would keep it whole, but on dense print (IRS forms) it joins the feet of letters into rules: 170
 * took a scanned W-9 from 58.5 to 22 F1.
 */
export const INK_BELOW = 150;

/** Box, pixels (x2, y2 exclusive). */
export interface InkPiece extends Box {
  /** Indexes into the image's data. */
  pixels: number[];
}

/** The largest mark looked for, in points: pieces of ink larger either way are rules, boxes or areas. */
export const MAX_MARK_PT = 16;

/** Neighbours [dx, dy] of a pixel: the eight around it, or the four across its edges. */
const STEPS_8 = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [dx, dy])).filter(([dx, dy]) => dx || dy);
const STEPS_4 = STEPS_8.filter(([dx, dy]) => !(dx && dy));

/**
 * Walks the connected region of a width x height grid that holds the `seeds` (indexes) `inside` takes: `visit`
 * sees each cell of it once; `seen` marks them.
 */
export function flood(
  width: number,
  height: number,
  seeds: number[],
  seen: Uint8Array,
  inside: (j: number) => boolean,
  visit: (x: number, y: number, i: number) => void,
  steps = STEPS_4,
): void {
  const stack: number[] = [];
  const take = (j: number): void => {
    if (seen[j] || !inside(j)) return;
    seen[j] = 1;
    stack.push(j);
  };
  seeds.forEach(take);
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % width;
    const y = (i - x) / width;
    visit(x, y, i);
    for (const [dx, dy] of steps) {
      const [nx, ny] = [x + dx, y + dy];
      if (nx >= 0 && nx < width && ny >= 0 && ny < height) take(ny * width + nx);
    }
  }
}

/**
 * Connected pieces of ink (8-neighbourhood) at most MAX_MARK_PT either way, leaving out specks smaller than
 * `minSide` pixels both ways. A page is walked once and the pieces shared by the marks' finders.
 */
export function inkPieces(img: Gray, scale: number, minSide = 3): InkPiece[] {
  const maxSide = Math.round(MAX_MARK_PT * scale);
  const { width, height, data } = img;
  const seen = new Uint8Array(width * height);
  const ink = (j: number): boolean => data[j] < INK_BELOW;
  const out: InkPiece[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || !ink(start)) continue;
    const c: InkPiece = { x1: width, y1: height, x2: 0, y2: 0, pixels: [] };
    let tooBig = false;
    const visit = (x: number, y: number, i: number): void => {
      if (tooBig) return;
      c.pixels.push(i);
      [c.x1, c.x2] = [Math.min(c.x1, x), Math.max(c.x2, x + 1)];
      [c.y1, c.y2] = [Math.min(c.y1, y), Math.max(c.y2, y + 1)];
      // A long rule or a filled area is walked to its end (so none of it starts a piece of its own) but kept.
      if (c.x2 - c.x1 > maxSide || c.y2 - c.y1 > maxSide) tooBig = true;
    };
    flood(width, height, [start], seen, ink, visit, STEPS_8);
    if (!tooBig && (c.x2 - c.x1 >= minSide || c.y2 - c.y1 >= minSide)) out.push(c);
  }
  return out;
}

/** Share of ink in the pixels [x1, x2) x [y1, y2) of an image (1 when there are none). */
export function inkShare(img: Gray, x1: number, y1: number, x2: number, y2: number): number {
  let ink = 0;
  let all = 0;
  for (let y = y1; y < y2; y++) {
    for (let x = x1; x < x2; x++, all++) if (img.data[y * img.width + x] < INK_BELOW) ink++;
  }
  return all ? ink / all : 1;
}

/** The image with boxes, grown by `margin` pixels, painted white (the same image when there are none). */
export function paintedWhite(img: Gray, boxes: Box[], margin: number): Gray {
  if (boxes.length === 0) return img;
  const data = Uint8Array.from(img.data);
  for (const b of boxes) {
    const [x1, x2] = [Math.max(0, b.x1 - margin), Math.min(img.width, b.x2 + margin)];
    for (let y = Math.max(0, b.y1 - margin); y < Math.min(img.height, b.y2 + margin); y++)
      data.fill(255, y * img.width + x1, y * img.width + x2);
  }
  return { ...img, data };
}
