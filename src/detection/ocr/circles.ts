/**
 * Drawn option circles (radio buttons printed as rings) in a page raster. OCR reads them as the letter "O" or
 * "©", often glued to the option's word ("OFemale"); a vector form draws them as curved paths, which the layout
 * takes as markers. Here a ring is a connected piece of ink that is round, closed all the way round, thin for its
 * size and empty inside. A printed letter O is thick for its size (a 7 pt O in a 10 pt font has a stroke of
 * about 1 pt; a 10 pt radio ring, about 0.5 pt), so letters do not pass. Coordinates are pixels, y down.
 */
import type { Gray } from './raster';
import { INK_BELOW, type InkPiece } from './ink-pieces';
import type { PixelRule } from './rules';

export const CIRCLE_PARAMS = {
  /** A ring's diameter in points: about the markers the layout takes (geometry's circle sides). */
  minDiameterPt: 6.5,
  maxDiameterPt: 16,
  /** Width and height differ by at most this share of the larger (a ring on a skewed scan stays round). */
  maxAspectGap: 0.2,
  /**
   * At least this diameter per stroke thickness (measured by darkness, see inkStroke): thinner than a printed O
   * (at most 9.1 in Helvetica-like faces at 150-300 dpi; drawn rings of 0.5-1 pt, 12 and more).
   */
  minDiameterPerStroke: 10.5,
  /** Share of the ring's ink within a stroke's reach of the fitted circle. */
  minOnRing: 0.9,
  /** Of this many sectors around the centre, at most `maxOpenSectors` may hold no ink (a C or a G is open). */
  sectors: 16,
  maxOpenSectors: 1,
  /** The inner disc (this share of the radius) holds at most this share of ink: a ring, not a dot or a letter. */
  innerShare: 0.55,
  maxInnerInk: 0.04,
};

/**
 * A ring's stroke thickness in pixels: the darkness of its box (grey edges counted by how dark) over its length. A
 * count of pixels past a threshold depends on the anti-aliasing (letter O and ring overlap so), darkness does not.
 */
function inkStroke(c: InkPiece, img: Gray, midRadius: number): number {
  let mass = 0;
  for (let y = Math.max(0, c.y1 - 1); y <= Math.min(img.height - 1, c.y2); y++)
    for (let x = Math.max(0, c.x1 - 1); x <= Math.min(img.width - 1, c.x2); x++)
      mass += 255 - img.data[y * img.width + x];
  return mass / 255 / (2 * Math.PI * Math.max(1, midRadius));
}

/** Whether a piece of ink is a drawn ring; its box, with its stroke thickness, when it is. */
function asRing(c: InkPiece, img: Gray): PixelRule | null {
  const p = CIRCLE_PARAMS;
  const [w, h] = [c.x2 - c.x1, c.y2 - c.y1];
  if (Math.abs(w - h) > p.maxAspectGap * Math.max(w, h)) return null;
  const [cx, cy] = [(c.x1 + c.x2) / 2, (c.y1 + c.y2) / 2];
  const r = (w + h) / 4;
  const stroke = c.pixels.length / (2 * Math.PI * r);
  if ((2 * r) / inkStroke(c, img, r - stroke / 2) < p.minDiameterPerStroke) return null;
  const reach = stroke / 2 + 1.5;
  const open = new Uint8Array(p.sectors).fill(1);
  let onRing = 0;
  for (const i of c.pixels) {
    const x = (i % img.width) + 0.5;
    const y = Math.floor(i / img.width) + 0.5;
    const d = Math.hypot(x - cx, y - cy);
    if (Math.abs(d - (r - stroke / 2)) <= reach) onRing++;
    const a = Math.atan2(y - cy, x - cx);
    open[Math.min(p.sectors - 1, Math.floor(((a + Math.PI) / (2 * Math.PI)) * p.sectors))] = 0;
  }
  if (onRing < p.minOnRing * c.pixels.length) return null;
  if (open.reduce((s, v) => s + v, 0) > p.maxOpenSectors) return null;
  // Nothing inside: ink of any other piece counts too (a letter inside a ring is a circled letter, not a marker).
  const inner = r * p.innerShare;
  let ink = 0;
  let all = 0;
  for (let y = Math.floor(cy - inner); y < Math.ceil(cy + inner); y++) {
    for (let x = Math.floor(cx - inner); x < Math.ceil(cx + inner); x++) {
      if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > inner) continue;
      all++;
      if (img.data[y * img.width + x] < INK_BELOW) ink++;
    }
  }
  if (all === 0 || ink > p.maxInnerInk * all) return null;
  return { x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, thickness: stroke };
}

/** Drawn rings among a page's pieces of ink (see inkPieces), the page rendered at `scale` pixels per point. */
export function drawnCircles(img: Gray, scale: number, pieces: InkPiece[]): PixelRule[] {
  const min = Math.max(4, Math.round(CIRCLE_PARAMS.minDiameterPt * scale));
  const max = Math.round(CIRCLE_PARAMS.maxDiameterPt * scale);
  const sized = (c: InkPiece): boolean =>
    Math.min(c.x2 - c.x1, c.y2 - c.y1) >= min && Math.max(c.x2 - c.x1, c.y2 - c.y1) <= max;
  return pieces.filter(sized).flatMap((c) => asRing(c, img) ?? []);
}
