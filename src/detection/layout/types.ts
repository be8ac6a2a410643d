/** Geometry primitives read from a page, in an upright page space (points, origin bottom-left, y up). */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Glyph extends Box {
  ch: string;
  /** Baseline y. */
  base: number;
  /** Font size in points (after the text matrix). */
  size: number;
  font: string;
  mono: boolean;
  bold: boolean;
  /** Drawn invisibly (text render mode 3) or under an image painted over it: a copier's OCR layer, not print. */
  hidden?: boolean;
  /** Box and circle glyphs: the outline's ink if the font embeds one (a body font's `□` inks far less than its em). */
  ink?: Box;
}

export interface Segment extends Box {
  /** Line width in points. */
  width: number;
}

export interface FilledRect extends Box {
  /** 0 (black) .. 1 (white). */
  gray: number;
}

export interface Shape extends Box {
  /** A path with curves (circle, rounded box). */
  curved: boolean;
  stroked: boolean;
  filled: boolean;
  /** The path is one axis-aligned rectangle. */
  rectLike: boolean;
}

export interface PageContent {
  index: number;
  width: number;
  height: number;
  /** Maps upright analysis space back to PDF user space. */
  toUser: (x: number, y: number) => [number, number];
  /** Maps PDF user space to the upright analysis space. */
  fromUser: (x: number, y: number) => [number, number];
  glyphs: Glyph[];
  hLines: Segment[];
  vLines: Segment[];
  shapes: Shape[];
  fills: FilledRect[];
  /** Where images are painted (a born-digital page may paste a scanned table whose boxes are pixels). */
  images?: Box[];
}

/** A point (x, y). */
export type Point = [number, number];

/** The box spanning some points (a transformed rect's corners, a path's points). */
export function boxOf(pts: Point[]): Box {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}

/** A [x1, y1, x2, y2] rect as a box. */
export const rectBox = (r: readonly number[]): Box =>
  boxOf([
    [r[0], r[1]],
    [r[2], r[3]],
  ]);

export const boxW = (b: Box): number => b.x2 - b.x1;
export const boxH = (b: Box): number => b.y2 - b.y1;
export const boxArea = (b: Box): number => boxW(b) * boxH(b);
export const overlapX = (a: Box, b: Box): number => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
export const overlapY = (a: Box, b: Box): number => Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
/** `v` lies within `tol` of `a` or of `b` (on one of two sides). */
export const nearEither = (v: number, a: number, b: number, tol: number): boolean =>
  Math.abs(v - a) < tol || Math.abs(v - b) < tol;
/** `o` lies inside `c`, give or take `slack` on every side. */
export const inside = (o: Box, c: Box, slack: number): boolean =>
  o.x1 >= c.x1 - slack && o.x2 <= c.x2 + slack && o.y1 >= c.y1 - slack && o.y2 <= c.y2 + slack;
/** The boxes overlap by more than `pad` both ways (0: they overlap at all). */
export const intersects = (a: Box, b: Box, pad = 0): boolean =>
  a.x1 < b.x2 - pad && a.x2 > b.x1 + pad && a.y1 < b.y2 - pad && a.y2 > b.y1 + pad;
export function iou(a: Box, b: Box): number {
  const [w, h] = [overlapX(a, b), overlapY(a, b)];
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (boxArea(a) + boxArea(b) - inter);
}
