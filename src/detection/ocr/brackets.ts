/**
 * Typed tick marks: an empty "[ ]" or "( )" before an option, a typewriter-style form's check boxes and radio
 * buttons. OCR reads them badly (a bracket passes for a short drawn rule, parentheses glue to the option's word:
 * ")Yes", "()0"), so they are found as pixels: two thin strokes of one height facing each other across an empty
 * gap. They go to the layout as the two characters a born-digital form has there, so it makes the same option of
 * them (a bracket pair ticks several, a parenthesis pair one). Coordinates are pixels, y down.
 */
import { INK_BELOW, inkShare, type InkPiece } from './ink-pieces';
import type { Gray } from './raster';

export const BRACKET_PARAMS = {
  /** A stroke's height in points: about a line of 8-14 pt type. */
  minHeightPt: 6,
  maxHeightPt: 16,
  /** A stroke is at most this share of its height wide. */
  maxWidthShare: 0.5,
  /** The two strokes' tops and bottoms agree within this share of their height. */
  endsShare: 0.15,
  /** The gap between the strokes is this many times their height (a typed space, or two). */
  minGapShare: 0.35,
  maxGapShare: 1.8,
  /** The gap's middle holds at most this share of ink: nothing is typed inside. */
  maxGapInk: 0.02,
  /** The ink of a stroke's middle rows lies on its outer side: its centre within this share of the width. */
  outerShare: 0.45,
  /** A parenthesis' ends turn inwards by at least this share of its width from its middle. */
  curveShare: 0.3,
};

export interface TypedPair {
  open: InkPiece;
  close: InkPiece;
  /** Parentheses (one choice), rather than square brackets (several). */
  round: boolean;
}

/** Leftmost (or rightmost) ink column of a piece within rows [from, to), relative to the piece's left edge. */
function edgeIn(img: Gray, c: InkPiece, from: number, to: number, fromRight: boolean): number | null {
  let edge: number | null = null;
  for (let y = from; y < to; y++) {
    for (let x = c.x1; x < c.x2; x++) {
      if (img.data[y * img.width + x] >= INK_BELOW) continue;
      const d = x - c.x1;
      edge = edge === null ? d : fromRight ? Math.max(edge, d) : Math.min(edge, d);
    }
  }
  return edge;
}

/**
 * How a stroke faces: null when it is no bracket of this side (its middle's ink is not on the outer side, as
 * with "l", "I", "1" or "|"); otherwise whether its ends turn inwards (a parenthesis).
 */
function bracketSide(img: Gray, c: InkPiece, opening: boolean): { round: boolean } | null {
  const p = BRACKET_PARAMS;
  const [w, h] = [c.x2 - c.x1, c.y2 - c.y1];
  let sum = 0;
  let n = 0;
  const [m1, m2] = [c.y1 + Math.floor(0.35 * h), c.y1 + Math.ceil(0.65 * h)];
  for (let y = m1; y < m2; y++) {
    for (let x = c.x1; x < c.x2; x++) {
      if (img.data[y * img.width + x] < INK_BELOW) {
        sum += x - c.x1 + 0.5;
        n++;
      }
    }
  }
  if (n === 0) return null;
  const centre = sum / n / w;
  if (opening ? centre > p.outerShare : centre < 1 - p.outerShare) return null;
  const band = Math.max(1, Math.round(0.12 * h));
  const middle = edgeIn(img, c, m1, m2, !opening);
  const top = edgeIn(img, c, c.y1, c.y1 + band, !opening);
  const bottom = edgeIn(img, c, c.y2 - band, c.y2, !opening);
  if (middle === null || top === null || bottom === null) return null;
  const inwards = (e: number): number => (opening ? e - middle : middle - e);
  return { round: Math.min(inwards(top), inwards(bottom)) >= p.curveShare * w };
}

/** Empty typed bracket pairs among a page's pieces of ink, the page rendered at `scale` pixels per point. */
export function typedPairs(img: Gray, scale: number, pieces: InkPiece[]): TypedPair[] {
  const p = BRACKET_PARAMS;
  const strokes = pieces.filter((c) => {
    const [w, h] = [c.x2 - c.x1, c.y2 - c.y1];
    return h >= p.minHeightPt * scale && h <= p.maxHeightPt * scale && w <= p.maxWidthShare * h;
  });
  const facing = (opening: boolean) =>
    strokes.map((c) => ({ c, side: bracketSide(img, c, opening) })).filter((o) => o.side !== null);
  const [openers, closers] = [facing(true), facing(false)];
  const used = new Set<InkPiece>();
  const pairs: TypedPair[] = [];
  for (const o of openers.sort((a, b) => a.c.x1 - b.c.x1)) {
    if (used.has(o.c)) continue;
    const h = o.c.y2 - o.c.y1;
    const ends = Math.max(2, p.endsShare * h);
    const match = closers
      .filter(({ c }) => {
        const gap = c.x1 - o.c.x2;
        return (
          !used.has(c) &&
          Math.abs(c.y1 - o.c.y1) <= ends &&
          Math.abs(c.y2 - o.c.y2) <= ends &&
          gap >= p.minGapShare * h &&
          gap <= p.maxGapShare * h
        );
      })
      .sort((a, b) => a.c.x1 - b.c.x1)[0];
    if (!match) continue;
    const [y1, y2] = [o.c.y1 + Math.round(0.2 * h), o.c.y2 - Math.round(0.2 * h)];
    if (inkShare(img, o.c.x2 + 1, y1, match.c.x1 - 1, y2) > p.maxGapInk) continue;
    used.add(o.c);
    used.add(match.c);
    // Both strokes say what they are; when they disagree (a worn typeface), the opening one decides.
    pairs.push({ open: o.c, close: match.c, round: o.side?.round ?? false });
  }
  return pairs;
}
