/**
 * Drawn rules in a page raster: long runs of ink along rows (underlines, box edges) and along columns (box sides,
 * table lines). Small check boxes come out as four short rules, which the layout geometry closes into squares,
 * exactly as it does for vector paths. Coordinates are pixels, y down.
 */
import type { Gray } from './raster';

export const RULE_PARAMS = {
  /** Pixels darker than this (0..255) are ink. */
  inkBelow: 150,
  /** A run at least this long, in points, is a rule (a check box side is about 8-12 pt). */
  minLengthPt: 6.5,
  /** A rule is at most this thick, in points; thicker ink is a filled area or bold text. */
  maxThicknessPt: 3,
  /** Gaps up to this many pixels inside a run are bridged (scanner dropouts). */
  gapPx: 2,
};

export interface PixelRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Runs along one axis, merged across neighbouring lines of pixels into rules. */
function runs(img: Gray, horizontal: boolean, minLen: number, maxThick: number): PixelRule[] {
  const { width, height, data } = img;
  const outer = horizontal ? height : width;
  const inner = horizontal ? width : height;
  const at = (o: number, i: number): number => (horizontal ? data[o * width + i] : data[i * width + o]);
  let open: { a: number; b: number; from: number; to: number }[] = [];
  const done: PixelRule[] = [];
  const close = (r: { a: number; b: number; from: number; to: number }) => {
    if (r.to - r.from + 1 > maxThick) return;
    done.push(
      horizontal ? { x1: r.a, x2: r.b, y1: r.from, y2: r.to + 1 } : { x1: r.from, x2: r.to + 1, y1: r.a, y2: r.b },
    );
  };
  for (let o = 0; o < outer; o++) {
    const found: [number, number][] = [];
    let start = -1;
    let gap = 0;
    for (let i = 0; i <= inner; i++) {
      const ink = i < inner && at(o, i) < RULE_PARAMS.inkBelow;
      if (ink) {
        if (start < 0) start = i;
        gap = 0;
      } else if (start >= 0 && ++gap > RULE_PARAMS.gapPx) {
        const end = i - gap;
        if (end - start + 1 >= minLen) found.push([start, end + 1]);
        start = -1;
        gap = 0;
      }
    }
    const next: typeof open = [];
    for (const [a, b] of found) {
      const prev = open.find((r) => Math.abs(r.a - a) <= 3 && Math.abs(r.b - b) <= 3);
      if (prev) {
        prev.to = o;
        prev.a = Math.min(prev.a, a);
        prev.b = Math.max(prev.b, b);
        next.push(prev);
        open = open.filter((r) => r !== prev);
      } else next.push({ a, b, from: o, to: o });
    }
    for (const r of open) close(r);
    open = next;
  }
  for (const r of open) close(r);
  return done;
}

/** Horizontal and vertical rules of a page rendered at `scale` pixels per point. */
export function findRules(img: Gray, scale: number): { h: PixelRule[]; v: PixelRule[] } {
  const minLen = Math.round(RULE_PARAMS.minLengthPt * scale);
  const maxThick = Math.max(2, Math.round(RULE_PARAMS.maxThicknessPt * scale));
  return { h: runs(img, true, minLen, maxThick), v: runs(img, false, minLen, maxThick) };
}
