/**
 * Vector geometry: merges ruled lines, finds closed cells (tables, boxes, drawn check squares)
 * and small circles.
 */
import type { Box, PageContent, Segment } from './types';

export interface Cell extends Box {
  /** Built from separate ruled lines (true) or one rectangle path (false). */
  fromLines: boolean;
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

const TOL = 1.5;

export function mergeLines(lines: Segment[], horizontal: boolean): Segment[] {
  const key = (s: Segment): number => (horizontal ? s.y1 : s.x1);
  const lo = (s: Segment): number => (horizontal ? s.x1 : s.y1);
  const hi = (s: Segment): number => (horizontal ? s.x2 : s.y2);
  // Cluster by position first (pieces of one rule may differ by a rounding error), then join the pieces of
  // each cluster left to right, so touching pieces merge whatever order they were drawn in.
  const sorted = [...lines].sort((a, b) => key(a) - key(b));
  const clusters: Segment[][] = [];
  for (const s of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(key(s) - key(last[0])) < 0.6) last.push(s);
    else clusters.push([s]);
  }
  const out: Segment[] = [];
  for (const cl of clusters) {
    cl.sort((a, b) => lo(a) - lo(b));
    let cur: Segment | null = null;
    for (const s of cl) {
      if (cur && lo(s) <= hi(cur) + 0.8) {
        if (horizontal) cur.x2 = Math.max(cur.x2, s.x2);
        else cur.y2 = Math.max(cur.y2, s.y2);
        cur.width = Math.max(cur.width, s.width);
      } else {
        cur = { ...s };
        out.push(cur);
      }
    }
  }
  return out.sort((a, b) => key(a) - key(b) || lo(a) - lo(b));
}

const isSquare = (b: Box): boolean => {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  return w >= 4.5 && w <= 17 && h >= 4.5 && h <= 17 && Math.abs(w - h) <= Math.max(1.5, 0.15 * w);
};

function findCells(h: Segment[], v: Segment[], openEnd = false): Box[] {
  const cells: Box[] = [];
  const vs = [...v].sort((a, b) => a.x1 - b.x1);
  const hs = [...h].sort((a, b) => b.y1 - a.y1);
  for (const L of vs) {
    for (let ti = 0; ti < hs.length; ti++) {
      const T = hs[ti];
      if (T.y1 > L.y2 + TOL || T.y1 < L.y1 + 3 || T.x1 > L.x1 + TOL || T.x2 < L.x1 + 3) continue;
      // Nearest bottom line also touching L.
      for (let bi = ti + 1; bi < hs.length; bi++) {
        const B = hs[bi];
        if (B.y1 > T.y1 - 3) continue;
        if (B.y1 < L.y1 - TOL) break;
        if (B.x1 > L.x1 + TOL || B.x2 < L.x1 + 3) continue;
        const R = vs.find(
          (r) => r.x1 > L.x1 + 3 && r.y1 <= B.y1 + TOL && r.y2 >= T.y1 - TOL && r.x1 <= Math.min(T.x2, B.x2) + TOL,
        );
        if (R && T.x2 >= R.x1 - TOL && B.x2 >= R.x1 - TOL) {
          cells.push({ x1: L.x1, y1: B.y1, x2: R.x1, y2: T.y1 });
        } else if (openEnd && Math.abs(T.x2 - B.x2) < TOL && T.x2 - L.x1 >= 15 && T.y1 - B.y1 <= 40) {
          // No right edge drawn, but the rules above and below end together: that end closes the cell
          // (an amount column at the page margin).
          const inner = vs.some((r) => r.x1 > L.x1 + 3 && r.x1 < T.x2 - 3 && r.y1 <= B.y1 + TOL && r.y2 >= T.y1 - TOL);
          if (!inner) cells.push({ x1: L.x1, y1: B.y1, x2: T.x2, y2: T.y1 });
        }
        break;
      }
    }
  }
  return cells;
}

export function buildGeometry(page: PageContent): Geometry {
  const hLines = mergeLines(page.hLines, true);
  const vLines = mergeLines(page.vLines, false);
  const raw = findCells(hLines, vLines, true);
  // Cells open on the left: the same search on the mirrored page.
  const flipH = (s: Segment): Segment => ({ ...s, x1: -s.x2, x2: -s.x1 });
  const flipV = (s: Segment): Segment => ({ ...s, x1: -s.x1, x2: -s.x1 });
  for (const b of findCells(hLines.map(flipH), vLines.map(flipV), true))
    raw.push({ x1: -b.x2, y1: b.y1, x2: -b.x1, y2: b.y2 });
  const all: Cell[] = [];
  const add = (b: Box, fromLines: boolean): void => {
    if (
      all.some(
        (c) =>
          Math.abs(c.x1 - b.x1) < 1 &&
          Math.abs(c.x2 - b.x2) < 1 &&
          Math.abs(c.y1 - b.y1) < 1 &&
          Math.abs(c.y2 - b.y2) < 1,
      )
    )
      return;
    all.push({ ...b, fromLines, filledGray: null });
  };
  for (const b of raw) add(b, true);
  const circles: Box[] = [];
  for (const s of page.shapes) {
    if (s.curved) {
      const w = s.x2 - s.x1;
      const hh = s.y2 - s.y1;
      if (w >= 4 && w <= 16 && Math.abs(w - hh) < 1.5 && s.stroked) circles.push(s);
      continue;
    }
    if (s.rectLike && (s.stroked || (s.filled && isSquare(s)))) add(s, false);
  }
  for (const c of all) {
    const f = page.fills.find((r) => r.x1 <= c.x1 + 1 && r.x2 >= c.x2 - 1 && r.y1 <= c.y1 + 1 && r.y2 >= c.y2 - 1);
    c.filledGray = f ? f.gray : null;
  }
  const squares = all.filter(isSquare);
  const cells = all.filter((c) => !isSquare(c) && c.y2 - c.y1 >= 7 && c.x2 - c.x1 >= 12);
  const onCellEdge = (s: Segment): boolean =>
    all.some((c) => (Math.abs(c.y1 - s.y1) < TOL || Math.abs(c.y2 - s.y1) < TOL) && s.x1 < c.x2 - 1 && s.x2 > c.x1 + 1);
  const touchesVertical = (s: Segment): boolean =>
    vLines.some(
      (l) =>
        (Math.abs(l.x1 - s.x1) < TOL || Math.abs(l.x1 - s.x2) < TOL) &&
        l.y1 <= s.y1 + TOL &&
        l.y2 >= s.y1 - TOL &&
        l.y2 - l.y1 > 4,
    );
  const freeLines = hLines.filter((s) => s.x2 - s.x1 >= 20 && !onCellEdge(s) && !touchesVertical(s));
  return { hLines, vLines, cells, squares, circles, freeLines };
}
