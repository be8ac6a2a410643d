/** 2-D affine matrices as PDF writes them ([a b c d e f]) and the upright transform of a page. */

export type M6 = [number, number, number, number, number, number];

export const ID: M6 = [1, 0, 0, 1, 0, 0];

export const mul = (a: M6, b: M6): M6 => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4],
  a[4] * b[1] + a[5] * b[3] + b[5],
];

export const apply = (m: M6, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** Upright transform for a page: user space -> display space (y up), and its inverse. */
export function uprightTransforms(view: number[], rotate: number): { fwd: M6; inv: M6; width: number; height: number } {
  const [x1, y1, x2, y2] = view;
  const r = ((rotate % 360) + 360) % 360;
  const [w, h] = [x2 - x1, y2 - y1];
  if (r === 90) return { fwd: [0, -1, 1, 0, -y1, x2], inv: [0, 1, -1, 0, x2, y1], width: h, height: w };
  if (r === 180) return { fwd: [-1, 0, 0, -1, x2, y2], inv: [-1, 0, 0, -1, x2, y2], width: w, height: h };
  if (r === 270) return { fwd: [0, 1, -1, 0, y2, -x1], inv: [0, -1, 1, 0, x1, y2], width: h, height: w };
  return { fwd: [1, 0, 0, 1, -x1, -y1], inv: [1, 0, 0, 1, x1, y1], width: w, height: h };
}
