/** Painted paths as the layout reads them (upright space): rules (strokes, thin fills), shading and shapes. */
import type { PdfJsModule } from '../pdfjs-loader';
import { apply, mul, type M6 } from './pdf-matrix';
import { boxH, boxOf, boxW, nearEither, type Box, type PageContent, type Point } from './types';

/** pt unless noted. */
const PATH = {
  /** A hairline (width 0) is drawn as the thinnest line the device can: count it as this wide. */
  minLineWidth: 0.1,
  /** A segment is a level (plumb) rule if its ends differ by less than this across it, or by this share of its length
   * (a producer's rounding: a 564 pt rule 1 pt higher at one end, va-28-1900's flat twin; check marks slope more). */
  axisTolerance: 0.5,
  axisSlope: 0.004,
  /** A filled rectangle thinner than this is a drawn line. */
  thinFillMax: 2.5,
  /** 0..1 gray: a fill this light is the paper's colour (white-out, a background), not a shape. */
  paperGray: 0.97,
  /** A shape at least this wide and tall has an inside (smaller: a dot or a rule). */
  minShapeSide: 0.5,
} as const;

/** What a path is painted with. */
export interface PaintState {
  ctm: M6;
  lineWidth: number;
  /** 0 (black) .. 1 (white). */
  fillGray: number;
}

/** A path as pdf.js' constructPath gives it: operators and their flat argument list. */
export interface PathOps {
  ops: number[];
  args: number[];
}

export type PathDrawing = Pick<PageContent, 'hLines' | 'vLines' | 'shapes' | 'fills'>;

interface Subpath {
  pts: Point[];
  curved: boolean;
  /** Drawn with the rectangle operator (re). */
  rect: boolean;
}

export function paintPath(
  OPS: PdfJsModule['OPS'],
  path: PathOps,
  gs: PaintState,
  fwd: M6,
  stroke: boolean,
  fill: boolean,
  out: PathDrawing,
): void {
  const m = mul(gs.ctm, fwd);
  const lw = Math.max(gs.lineWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])), PATH.minLineWidth);
  for (const s of subpaths(OPS, path, m)) addSubpath(s, gs.fillGray, lw, stroke, fill, out);
}

/** The path's subpaths in the upright space (curves reduced to their end points). */
function subpaths(OPS: PdfJsModule['OPS'], path: PathOps, m: M6): Subpath[] {
  const { ops: pops, args } = path;
  const subs: Subpath[] = [];
  let ai = 0;
  let open = null as Subpath | null;
  /** Extends the open subpath (`m` and `re` close it) to the point the next `n` arguments end with: a curve's end. */
  const to = (n: number, curved: boolean): void => {
    if (!open) subs.push((open = { pts: [], curved, rect: false }));
    open.pts.push(apply(m, args[ai + n - 2], args[ai + n - 1]));
    open.curved ||= curved;
    ai += n;
  };
  for (const op of pops) {
    if (op === OPS.moveTo || op === OPS.rectangle) open = null;
    if (op === OPS.moveTo || op === OPS.lineTo) to(2, false);
    // A curve's arguments: six for `c`, four for `v` and `y`.
    else if (op === OPS.curveTo || op === OPS.curveTo2 || op === OPS.curveTo3) to(op === OPS.curveTo ? 6 : 4, true);
    else if (op === OPS.rectangle) {
      const [x, y, w, h] = args.slice(ai, ai + 4);
      const pts = [apply(m, x, y), apply(m, x + w, y), apply(m, x + w, y + h), apply(m, x, y + h), apply(m, x, y)];
      subs.push({ pts, curved: false, rect: true });
      ai += 4;
    } else if (op === OPS.closePath && open) open.pts.push(open.pts[0]);
  }
  return subs;
}

/** Rules: thin filled rectangles, stroked level or plumb segments; shading: other fills; shapes: what has an inside. */
function addSubpath(s: Subpath, fillGray: number, lw: number, stroke: boolean, fill: boolean, out: PathDrawing): void {
  const tol = PATH.axisTolerance;
  const box = boxOf(s.pts);
  const [bw, bh] = [boxW(box), boxH(box)];
  const axisRect =
    !s.curved &&
    s.pts.length >= 4 &&
    s.pts.every((p) => nearEither(p[0], box.x1, box.x2, tol) && nearEither(p[1], box.y1, box.y2, tol));
  const rectLike = axisRect || s.rect;
  const thin = bw < PATH.thinFillMax || bh < PATH.thinFillMax;
  // A thin filled rectangle is a drawn line.
  if (fill && !stroke && rectLike && thin) {
    if (bw >= bh) addRule(out, true, box.x1, box.x2, (box.y1 + box.y2) / 2, bh);
    else addRule(out, false, box.y1, box.y2, (box.x1 + box.x2) / 2, bw);
    return;
  }
  // A box filled and outlined in one operation (`B`) shades what it holds as a fill alone does.
  if (fill && rectLike && !thin) out.fills.push({ ...box, gray: fillGray });
  if (fill && !stroke && rectLike && fillGray > PATH.paperGray) return;
  if (fill && !stroke && !s.curved && !rectLike && isThinPolygon(s.pts, bw, bh))
    addEdgeRules(s.pts, PATH.thinFillMax, 0, PATH.minLineWidth, out, box);
  if (stroke && !s.curved) addEdgeRules(s.pts, tol, PATH.axisSlope, lw, out);
  if (bw > PATH.minShapeSide && bh > PATH.minShapeSide && (stroke || fillGray < PATH.paperGray))
    out.shapes.push({ ...box, curved: s.curved, stroked: stroke, filled: fill, rectLike });
}

/** A filled polygon whose ink is a thin band: an L-shaped half of a flattened widget's bevelled or inset border. */
function isThinPolygon(pts: Point[], bw: number, bh: number): boolean {
  if (pts.length < 4 || Math.min(bw, bh) < PATH.thinFillMax) return false;
  let twiceArea = 0;
  for (let i = 1; i < pts.length; i++) twiceArea += pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1];
  return Math.abs(twiceArea) / 2 < PATH.thinFillMax * (bw + bh);
}

/**
 * The level and plumb edges of `pts` at least `minLength` long as rules (an edge sloping by at most `slope` of its
 * length is level); with `onBox`, only those lying on that box: the outer sides of a thin polygon's arms.
 */
function addEdgeRules(pts: Point[], minLength: number, slope: number, lw: number, out: PathDrawing, onBox?: Box): void {
  const tol = PATH.axisTolerance;
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = pts[i - 1];
    const [bx, by] = pts[i];
    const [dx, dy] = [Math.abs(ax - bx), Math.abs(ay - by)];
    const [h, v] = [(ay + by) / 2, (ax + bx) / 2];
    if (dy < Math.max(tol, dx * slope) && dx >= minLength && (!onBox || nearEither(h, onBox.y1, onBox.y2, tol)))
      addRule(out, true, ax, bx, h, lw);
    else if (dx < Math.max(tol, dy * slope) && dy >= minLength && (!onBox || nearEither(v, onBox.x1, onBox.x2, tol)))
      addRule(out, false, ay, by, v, lw);
  }
}

/** Adds a horizontal (or vertical) rule from `a` to `b` along it, at `at` across it. */
function addRule(out: PathDrawing, horizontal: boolean, a: number, b: number, at: number, width: number): void {
  const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
  if (horizontal) out.hLines.push({ x1: lo, x2: hi, y1: at, y2: at, width });
  else out.vLines.push({ x1: at, x2: at, y1: lo, y2: hi, width });
}
