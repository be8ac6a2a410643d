/** Vector geometry: merges ruled lines, finds closed cells (tables, boxes, drawn check squares) and small circles. */
import type { Box, FilledRect, PageContent, Segment, Shape } from './types';
import { boxArea, boxH, boxW, inside, nearEither } from './types';

export interface Cell extends Box {
  /** Drawn as a fill with no stroke (an entry box set off by its shade alone). */
  fillOnly: boolean;
  filledGray: number | null;
}

export interface Geometry {
  hLines: Segment[];
  vLines: Segment[];
  cells: Cell[];
  squares: Cell[];
  circles: Box[];
  /** Horizontal lines that are not an edge of any cell. */
  freeLines: Segment[];
}

/** How vector forms are drawn (pt unless noted); descriptive, not tuned per corpus. */
const GEOMETRY = {
  /** Rules meeting at a corner overshoot or fall short by up to this much. */
  edgeTolerance: 1.5,
  /** Pieces of one rule may sit this far apart across it (rounding of their coordinates). */
  sameRuleOffset: 0.6,
  /** Pieces of one rule may leave this much gap along it (a rule drawn in pieces). */
  ruleJoinGap: 0.8,
  /** A cell is at least this tall and wide; a rule must run this far past a corner to close it. */
  minCellSide: 3,
  /** A cell with no right edge is at least this wide (not two stray rules) and at most this tall (not a region). */
  openCellMinWidth: 15,
  openCellMaxHeight: 40,
  /** Two cells whose edges all differ by less than this are one cell (found from lines and as a path). */
  sameCellOffset: 1,
  /** Side of a check square: smaller is a dot or bullet, larger is a box to write in. */
  squareMinSide: 4.5,
  squareMaxSide: 17,
  /** A check square's sides differ by at most the larger of this and this share of its width (big ones: less exact). */
  squareSideDiff: 1.5,
  squareSideDiffShare: 0.15,
  /** Diameter of a radio circle. */
  circleMinSide: 4,
  circleMaxSide: 16,
  /** A radio circle's width and height differ by less than this (an ellipse or rounded box is not one). */
  circleSideDiff: 1.5,
  /** A curve whose corners a horizontal and a vertical rule end at, within this, rounds a box's corner. */
  cornerJoin: 1,
  /** A fill covers a cell when it reaches each of its edges within this. */
  fillCoverSlack: 1,
  /** 0..1 gray: a fill-only box is at least this light (ink shows) and this unlike the paper or panel under it. */
  entryFillMinGray: 0.8,
  entryFillContrast: 0.02,
  /** Cells to write in are at least this tall (a line of text) and wide (narrower: comb boxes, gaps between rules). */
  cellMinHeight: 7,
  cellMinWidth: 12,
  /** A rule lies on a cell's edge when it overlaps the edge by more than this at both ends. */
  cellEdgeInset: 1,
  /** A vertical rule longer than this at a rule's end makes the rule part of a table (shorter: a tick mark). */
  sideRuleMinLength: 4,
  /** A free rule is at least this long (shorter: a dash or an underline of a word). */
  freeLineMinLength: 20,
} as const;
const TOL = GEOMETRY.edgeTolerance;

function mergeLines(lines: Segment[], horizontal: boolean): Segment[] {
  // A rule's position across it, and its ends along it.
  const [at, lo, hi] = horizontal ? (['y1', 'x1', 'x2'] as const) : (['x1', 'y1', 'y2'] as const);
  // Cluster by position first (pieces of one rule may differ by a rounding error), then join the pieces of
  // each cluster left to right, so touching pieces merge whatever order they were drawn in.
  const sorted = [...lines].sort((a, b) => a[at] - b[at]);
  const clusters: Segment[][] = [];
  for (const s of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(s[at] - last[0][at]) < GEOMETRY.sameRuleOffset) last.push(s);
    else clusters.push([s]);
  }
  const out: Segment[] = [];
  for (const cl of clusters) {
    cl.sort((a, b) => a[lo] - b[lo]);
    let cur: Segment | null = null;
    for (const s of cl) {
      if (cur && s[lo] <= cur[hi] + GEOMETRY.ruleJoinGap) {
        cur[hi] = Math.max(cur[hi], s[hi]);
        cur.width = Math.max(cur.width, s.width);
      } else {
        cur = { ...s };
        out.push(cur);
      }
    }
  }
  return out.sort((a, b) => a[at] - b[at] || a[lo] - b[lo]);
}

/** A radio circle: stroked, curved and round. */
const isCircle = (s: Shape): boolean => {
  const w = boxW(s);
  const round = Math.abs(w - boxH(s)) < GEOMETRY.circleSideDiff;
  return s.curved && s.stroked && round && w >= GEOMETRY.circleMinSide && w <= GEOMETRY.circleMaxSide;
};

const near = (a: number, b: number, tol: number): boolean => Math.abs(a - b) < tol;

/** A quarter arc joining a horizontal and a vertical rule (a rounded box's corner): no circle. */
function roundedCorner(s: Shape, h: Segment[], v: Segment[]): boolean {
  const t = GEOMETRY.cornerJoin;
  // A rule starting or ending at the arc's side, level with its top or bottom (a horizontal one) or its left or right.
  const joinsH = h.some((r) => nearEither(r.y1, s.y1, s.y2, t) && (near(r.x1, s.x2, t) || near(r.x2, s.x1, t)));
  const joinsV = v.some((r) => nearEither(r.x1, s.x1, s.x2, t) && (near(r.y1, s.y2, t) || near(r.y2, s.y1, t)));
  return joinsH && joinsV;
}

const isSquare = (b: Box): boolean => {
  const [w, h] = [boxW(b), boxH(b)];
  const side = (x: number): boolean => x >= GEOMETRY.squareMinSide && x <= GEOMETRY.squareMaxSide;
  return side(w) && side(h) && Math.abs(w - h) <= Math.max(GEOMETRY.squareSideDiff, GEOMETRY.squareSideDiffShare * w);
};

function findCells(h: Segment[], v: Segment[]): Box[] {
  const cells: Box[] = [];
  const vs = [...v].sort((a, b) => a.x1 - b.x1);
  const hs = [...h].sort((a, b) => b.y1 - a.y1);
  const side = GEOMETRY.minCellSide;
  for (const L of vs) {
    for (let ti = 0; ti < hs.length; ti++) {
      const T = hs[ti];
      if (T.y1 > L.y2 + TOL || T.y1 < L.y1 + side || T.x1 > L.x1 + TOL || T.x2 < L.x1 + side) continue;
      // Nearest bottom line also touching L.
      for (let bi = ti + 1; bi < hs.length; bi++) {
        const B = hs[bi];
        if (B.y1 > T.y1 - side) continue;
        if (B.y1 < L.y1 - TOL) break;
        if (B.x1 > L.x1 + TOL || B.x2 < L.x1 + side) continue;
        // A vertical rule right of L spanning the rows of T and B.
        const spans = (r: Segment): boolean => r.x1 > L.x1 + side && r.y1 <= B.y1 + TOL && r.y2 >= T.y1 - TOL;
        const R = vs.find((r) => spans(r) && r.x1 <= Math.min(T.x2, B.x2) + TOL);
        if (R && T.x2 >= R.x1 - TOL && B.x2 >= R.x1 - TOL) {
          cells.push({ x1: L.x1, y1: B.y1, x2: R.x1, y2: T.y1 });
        } else if (
          Math.abs(T.x2 - B.x2) < TOL &&
          T.x2 - L.x1 >= GEOMETRY.openCellMinWidth &&
          T.y1 - B.y1 <= GEOMETRY.openCellMaxHeight
        ) {
          // No right edge drawn, but the rules above and below end together: that end closes the cell
          // (an amount column at the page margin).
          if (!vs.some((r) => spans(r) && r.x1 < T.x2 - side)) cells.push({ x1: L.x1, y1: B.y1, x2: T.x2, y2: T.y1 });
        }
        break;
      }
    }
  }
  return cells;
}

/** Unstroked fills unlike their backdrop (the last fill painted under them): grey on paper, white on a tint. */
function entryFills(page: PageContent): FilledRect[] {
  const { fills } = page;
  return fills.filter((f, i) => {
    if (f.gray < GEOMETRY.entryFillMinGray) return false;
    const behind = fills.slice(0, i).filter((b) => inside(f, b, 0) && boxArea(b) > boxArea(f));
    const backdrop = behind.length ? behind[behind.length - 1].gray : 1;
    return Math.abs(f.gray - backdrop) >= GEOMETRY.entryFillContrast;
  });
}

export function buildGeometry(page: PageContent): Geometry {
  const [hLines, vLines] = [mergeLines(page.hLines, true), mergeLines(page.vLines, false)];
  const all: Cell[] = [];
  const edges = ['x1', 'y1', 'x2', 'y2'] as const;
  /** A cell drawn by rules or a path takes the shade of a fill covering it; an entry fill is its own shade. */
  const add = (b: Box, entryFill?: FilledRect): void => {
    if (all.some((c) => edges.every((k) => Math.abs(c[k] - b[k]) < GEOMETRY.sameCellOffset))) return;
    const cover = page.fills.find((r) => inside(b, r, GEOMETRY.fillCoverSlack));
    all.push({ ...b, fillOnly: entryFill !== undefined, filledGray: entryFill?.gray ?? cover?.gray ?? null });
  };
  for (const b of findCells(hLines, vLines)) add(b);
  // Cells open on the left: the same search on the mirrored page.
  const flipH = (s: Segment): Segment => ({ ...s, x1: -s.x2, x2: -s.x1 });
  const flipV = (s: Segment): Segment => ({ ...s, x1: -s.x1, x2: -s.x1 });
  for (const b of findCells(hLines.map(flipH), vLines.map(flipV))) add({ x1: -b.x2, y1: b.y1, x2: -b.x1, y2: b.y2 });
  for (const s of page.shapes) if (!s.curved && s.rectLike && (s.stroked || (s.filled && isSquare(s)))) add(s);
  for (const f of entryFills(page)) add(f, f);
  const squares = all.filter(isSquare);
  const cells = all.filter(
    (c) => !isSquare(c) && boxH(c) >= GEOMETRY.cellMinHeight && boxW(c) >= GEOMETRY.cellMinWidth,
  );
  const inset = GEOMETRY.cellEdgeInset;
  const onCellEdge = (s: Segment): boolean =>
    all.some((c) => nearEither(s.y1, c.y1, c.y2, TOL) && s.x1 < c.x2 - inset && s.x2 > c.x1 + inset);
  const touchesVertical = (s: Segment): boolean =>
    vLines.some(
      (l) =>
        nearEither(l.x1, s.x1, s.x2, TOL) &&
        l.y1 <= s.y1 + TOL &&
        l.y2 >= s.y1 - TOL &&
        l.y2 - l.y1 > GEOMETRY.sideRuleMinLength,
    );
  const freeLines = hLines.filter(
    (s) => boxW(s) >= GEOMETRY.freeLineMinLength && !onCellEdge(s) && !touchesVertical(s),
  );
  const circles = page.shapes.filter((s) => isCircle(s) && !roundedCorner(s, hLines, vLines));
  return { hLines, vLines, cells, squares, circles, freeLines };
}
