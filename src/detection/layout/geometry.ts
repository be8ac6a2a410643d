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
  const sorted = [...lines].sort((a, b) => key(a) - key(b) || lo(a) - lo(b));
  const out: Segment[] = [];
  for (const s of sorted) {
    const prev = out.find((o) => Math.abs(key(o) - key(s)) < 0.6 && lo(s) <= hi(o) + 0.8 && hi(s) >= lo(o) - 0.8);
    if (prev) {
      if (horizontal) {
        prev.x1 = Math.min(prev.x1, s.x1);
        prev.x2 = Math.max(prev.x2, s.x2);
      } else {
        prev.y1 = Math.min(prev.y1, s.y1);
        prev.y2 = Math.max(prev.y2, s.y2);
      }
      prev.width = Math.max(prev.width, s.width);
    } else out.push({ ...s });
  }
  return out;
}

const isSquare = (b: Box): boolean => {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  return w >= 4.5 && w <= 17 && h >= 4.5 && h <= 17 && Math.abs(w - h) <= Math.max(1.5, 0.15 * w);
};

function findCells(h: Segment[], v: Segment[]): Box[] {
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
  const raw = findCells(hLines, vLines);
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
