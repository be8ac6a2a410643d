/** Connected pieces of ink in a page raster: the marks (rings, typed brackets) that are not rules or words. */
import type { Box } from '../layout/types';
import type { Gray } from './raster';

/** Pixels darker than this (0..255) are ink. */
const INK_BELOW = 150;

/** Box, pixels (x2, y2 exclusive). */
export interface InkPiece extends Box {
  /** Indexes into the image's data. */
  pixels: number[];
}

/** The largest mark looked for, in points: pieces of ink larger either way are rules, boxes or areas. */
export const MAX_MARK_PT = 16;

/**
 * Connected pieces of ink (8-neighbourhood) at most MAX_MARK_PT either way, leaving out specks smaller than
 * `minSide` pixels both ways. A page is walked once and the pieces shared by the marks' finders.
 */
export function inkPieces(img: Gray, scale: number, minSide = 3): InkPiece[] {
  const maxSide = Math.round(MAX_MARK_PT * scale);
  const { width, height, data } = img;
  const seen = new Uint8Array(width * height);
  const out: InkPiece[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start] >= INK_BELOW) continue;
    seen[start] = 1;
    stack.push(start);
    const c: InkPiece = { x1: width, y1: height, x2: 0, y2: 0, pixels: [] };
    let tooBig = false;
    while (stack.length) {
      const i = stack.pop() as number;
      const x = i % width;
      const y = (i - x) / width;
      if (!tooBig) {
        c.pixels.push(i);
        c.x1 = Math.min(c.x1, x);
        c.x2 = Math.max(c.x2, x + 1);
        c.y1 = Math.min(c.y1, y);
        c.y2 = Math.max(c.y2, y + 1);
        // A long rule or a filled area is walked to its end (so none of it starts a piece of its own) but kept.
        if (c.x2 - c.x1 > maxSide || c.y2 - c.y1 > maxSide) tooBig = true;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && data[j] < INK_BELOW) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (!tooBig && (c.x2 - c.x1 >= minSide || c.y2 - c.y1 >= minSide)) out.push(c);
  }
  return out;
}
