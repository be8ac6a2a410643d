/**
 * Drawn rules in a page raster: long runs of ink along rows (underlines, box edges) and along columns (box sides,
 * table lines). Small check boxes come out as four short rules, which the layout geometry closes into squares,
 * exactly as it does for vector paths. Coordinates are pixels, y down.
 */
import { boxW, overlapX, type Box } from '../layout/types';
import { INK_BELOW, inkShare } from './ink-pieces';
import type { Gray } from './raster';

/** The scale (pixels per point) the pixel tolerances below were tuned at: 200 dpi. */
export const TUNED_SCALE = 200 / 72;

/** A pixel tolerance tuned at 200 dpi, at `scale` pixels per point (at least one pixel). */
export const pxAt = (px: number, scale: number): number => Math.max(1, Math.round((px * scale) / TUNED_SCALE));

export const RULE_PARAMS = {
  /** A thin rule split between two lines of pixels leaves two light greys darker than this: ink (see inkMask). */
  splitBelow: 200,
  /** A run at least this long, in points, is a rule (a check box side is about 8-12 pt). */
  minLengthPt: 6.5,
  /** A rule is at most this thick, in points; thicker ink is a filled area or bold text. */
  maxThicknessPt: 3,
  /** Gaps up to this many pixels (at 200 dpi) inside a run are bridged (scanner dropouts). */
  gapPx: 2,
  /** Two long pieces in line (each at least twice the shortest rule) this close (pixels at 200 dpi) are one rule. */
  fadePx: 8,
  /** Runs on neighbouring lines of pixels whose ends are this close (pixels at 200 dpi) are one rule. */
  alignPx: 3,
  /** Parallel pieces this close (pixels at 200 dpi) that overlap along most of the shorter one are one rule. */
  mergePx: 2,
  /** How far beside a rule (pixels at 200 dpi) the paper is looked at ... */
  flankPx: 3,
  /** ... and how much ink there makes it a shaded area rather than paper (a halftone band is speckled). */
  flankInk: 0.3,
  /**
   * A run with at least this share of ink on each of the two lines of pixels right above it is letters' feet (serifs,
   * round bottoms joined across gaps), right below it bold lowercase tops: a drawn rule has paper beside it.
   */
  footInk: 0.25,
  /** A horizontal rule is ink along this share of its length in unbroken stretches of at least... */
  solidShare: 0.8,
  /** ... this many points (or 0.6 of the rule, when shorter): wider than a bold letter (see `solid`). */
  solidStretchPt: 8,
  /** ... and those stretches are this share of the ink in its box at least. */
  solidInkShare: 0.35,
};

export interface PixelRule extends Box {
  /** Mean stroke thickness, pixels (ink / length): a rule a little off level spans more rows than it is thick. */
  thickness: number;
}

interface OpenRun {
  a: number;
  b: number;
  from: number;
  to: number;
  ink: number;
}

/** The tolerances of RULE_PARAMS in pixels at `scale` pixels per point. */
function ruleSizes(scale: number) {
  return {
    minLen: Math.round(RULE_PARAMS.minLengthPt * scale),
    maxThick: Math.max(2, Math.round(RULE_PARAMS.maxThicknessPt * scale)),
    gap: pxAt(RULE_PARAMS.gapPx, scale),
    fade: pxAt(RULE_PARAMS.fadePx, scale),
    align: pxAt(RULE_PARAMS.alignPx, scale),
    merge: pxAt(RULE_PARAMS.mergePx, scale),
    flank: pxAt(RULE_PARAMS.flankPx, scale),
  };
}
type RuleSizes = ReturnType<typeof ruleSizes>;

/**
 * Ink for rules along rows, one byte per pixel: dark pixels, and two neighbouring light greys across the line
 * (one above the other), with paper beyond them, that add up to one ink pixel (see RULE_PARAMS.splitBelow).
 */
function inkMask(img: Gray): Uint8Array {
  const { width, height, data } = img;
  const mask = new Uint8Array(data.length);
  const { splitBelow } = RULE_PARAMS;
  // Paper (or the page's edge) at row y, pixel i.
  const light = (i: number, y: number): boolean => y < 0 || y >= height || data[i] >= splitBelow;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v < INK_BELOW) mask[i] = 1;
    else if (v < splitBelow) {
      const y = (i / width) | 0;
      for (const d of [-1, 1]) {
        if (y + d < 0 || y + d >= height) continue;
        const w = data[i + d * width];
        if (w < INK_BELOW || w >= splitBelow || 510 - v - w < 255 - INK_BELOW) continue;
        if (light(i + 2 * d * width, y + 2 * d) && light(i - d * width, y - d)) {
          mask[i] = 1;
          break;
        }
      }
    }
  }
  return mask;
}

/** Runs along rows, merged across neighbouring rows into rules. */
function runs(img: Gray, mask: Uint8Array, { minLen, maxThick, gap: maxGap, align }: RuleSizes): PixelRule[] {
  const { width, height } = img;
  let open: OpenRun[] = [];
  const done: PixelRule[] = [];
  const close = (r: OpenRun): void => {
    if (r.to - r.from + 1 <= maxThick)
      done.push({ x1: r.a, x2: r.b, y1: r.from, y2: r.to + 1, thickness: r.ink / (r.b - r.a) });
  };
  for (let y = 0; y < height; y++) {
    const found: [number, number][] = [];
    let start = -1;
    let gap = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && mask[y * width + x] === 1) {
        if (start < 0) start = x;
        gap = 0;
      } else if (start >= 0 && ++gap > maxGap) {
        const end = x - gap;
        if (end - start + 1 >= minLen) found.push([start, end + 1]);
        start = -1;
        gap = 0;
      }
    }
    const next: OpenRun[] = [];
    for (const [a, b] of found) {
      const prev = open.find((r) => Math.abs(r.a - a) <= align && Math.abs(r.b - b) <= align);
      if (prev) {
        prev.to = y;
        prev.a = Math.min(prev.a, a);
        prev.b = Math.max(prev.b, b);
        prev.ink += b - a;
        next.push(prev);
        open = open.filter((r) => r !== prev);
      } else next.push({ a, b, from: y, to: y, ink: b - a });
    }
    for (const r of open) close(r);
    open = next;
  }
  for (const r of open) close(r);
  return done;
}

/**
 * One rule that came out as two pieces side by side (a line a fraction of a degree off level leaves its ink on
 * two rows of pixels along different stretches): parallel pieces that touch across and overlap along most of
 * the shorter one are joined, with their ink added.
 */
function mergeParallel(rules: PixelRule[], sizes: RuleSizes): PixelRule[] {
  const { merge, gap: maxGap, fade, minLen } = sizes;
  // Pieces of one rule in line: a thin rule left a little off level steps to the next line of pixels every so
  // often (every 1,100 pixels at 0.05°), its pieces meeting end to end and overlapping along nothing; a hairline
  // faded in places on the copy comes as long pieces with short gaps between.
  const continues = (o: PixelRule, r: PixelRule): boolean => {
    if (r.y1 > o.y2 || r.y2 < o.y1) return false;
    const gap = Math.max(r.x1 - o.x2, o.x1 - r.x2);
    const longPieces = Math.min(boxW(o), boxW(r)) >= 2 * minLen;
    return gap <= maxGap + 1 || (longPieces && gap <= fade);
  };
  const out: PixelRule[] = [];
  for (const r of [...rules].sort((a, b) => a.y1 - b.y1)) {
    const m = out.find(
      (o) => (r.y1 <= o.y2 + merge && overlapX(o, r) >= 0.5 * Math.min(boxW(o), boxW(r))) || continues(o, r),
    );
    if (!m) {
      out.push({ ...r });
      continue;
    }
    const inkM = m.thickness * (m.x2 - m.x1);
    const inkR = r.thickness * (r.x2 - r.x1);
    const [a, b] = [Math.min(m.x1, r.x1), Math.max(m.x2, r.x2)];
    const [c, d] = [Math.min(m.y1, r.y1), Math.max(m.y2, r.y2)];
    Object.assign(m, { x1: a, x2: b, y1: c, y2: d });
    // The overlapping stretch is counted once: thickness across the joined rule, not the sum.
    m.thickness = Math.min(d - c, (inkM + inkR) / (b - a));
  }
  // Merged until nothing more joins: pieces taken before the long rule they belong to (a rule steps between two
  // lines of pixels, and the pieces on the upper line sort first) join it only on a second pass.
  return out.length === rules.length ? out : mergeParallel(out, sizes);
}

/**
 * Whether a rule stands on paper: ink on both of its sides is a dark filled area (a shaded header band with white
 * letters), whose gaps between letters would pass for rules and little boxes.
 */
function onPaper(img: Gray, r: PixelRule, d: number): boolean {
  // Every other pixel of the row (clamped to the image) d beyond the rule's edge.
  const flankInk = (y: number): number => {
    const row = Math.min(img.height - 1, Math.max(0, y)) * img.width;
    let ink = 0;
    let n = 0;
    for (let x = r.x1; x < r.x2; x += 2, n++) if (img.data[row + x] < INK_BELOW) ink++;
    return n ? ink / n : 0;
  };
  return Math.min(flankInk(r.y1 - d), flankInk(r.y2 - 1 + d)) < RULE_PARAMS.flankInk;
}
/** Whether a horizontal run is the joined feet or tops of a line of letters (see RULE_PARAMS.footInk). */
function joinedLetters(img: Gray, r: PixelRule): boolean {
  const share = (y: number): number => (y < 0 || y >= img.height ? 0 : inkShare(img, r.x1, y, r.x2, y + 1));
  const below = Math.min(share(r.y2), share(r.y2 + 1));
  return Math.max(Math.min(share(r.y1 - 1), share(r.y1 - 2)), below) >= RULE_PARAMS.footInk;
}

/**
 * Whether a horizontal run is a drawn line: most of its length is ink in unbroken stretches of a few points (on one
 * line of pixels, or stepping across several when a little off level). A run through a word of close-set bold
 * letters (gaps bridged, x-height cut into thin runs) is ink in letter-wide stretches only.
 */
function solid(img: Gray, mask: Uint8Array, r: PixelRule, scale: number): boolean {
  const length = r.x2 - r.x1;
  const stretch = Math.min(RULE_PARAMS.solidStretchPt * scale, 0.6 * length);
  let long = 0;
  let ink = 0;
  for (let y = r.y1; y < r.y2; y++) {
    let run = 0;
    for (let i = y * img.width + r.x1, end = y * img.width + r.x2; i <= end; i++) {
      if (i < end && mask[i]) run++;
      else {
        if (run >= stretch) long += run;
        ink += run;
        run = 0;
      }
    }
  }
  // A letter's bar (the H's) is a stretch too: the stems around it are not.
  return long >= RULE_PARAMS.solidShare * length && long >= RULE_PARAMS.solidInkShare * ink;
}

/** The image turned about its diagonal: its columns as rows. */
function transposed(img: Gray): Gray {
  const { width, height, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x];
  return { width: height, height: width, data: out };
}

/**
 * Horizontal and vertical rules of a page rendered at `scale` pixels per point. Vertical rules are found as the
 * horizontal ones of the transposed image; only a horizontal rule can be a line of letters' feet or tops.
 */
export function findRules(img: Gray, scale: number): { h: PixelRule[]; v: PixelRule[] } {
  const sizes = ruleSizes(scale);
  const along = (rows: Gray, mask: Uint8Array): PixelRule[] =>
    mergeParallel(runs(rows, mask, sizes), sizes).filter((r) => onPaper(rows, r, sizes.flank));
  const mask = inkMask(img);
  const turned = transposed(img);
  return {
    h: along(img, mask).filter((r) => !joinedLetters(img, r) && solid(img, mask, r, scale)),
    v: along(turned, inkMask(turned)).map((r) => ({ ...r, x1: r.y1, y1: r.x1, x2: r.y2, y2: r.x2 })),
  };
}
