import type { PdfJsModule } from '../pdfjs-loader';
import { paintPath, type PathDrawing, type PaintState } from './page-paths';
import type { M6 } from './pdf-matrix';

const OPS = { moveTo: 13, lineTo: 14, curveTo: 15, curveTo2: 16, curveTo3: 17, closePath: 18, rectangle: 19 };
const ID: M6 = [1, 0, 0, 1, 0, 0];
const ink: PaintState = { ctm: ID, lineWidth: 0.7, fillGray: 0 };

function paint(points: number[][], stroke: boolean, fillGray = 0): PathDrawing {
  const out: PathDrawing = { hLines: [], vLines: [], shapes: [], fills: [] };
  const ops = points.map((_, i) => (i === 0 ? OPS.moveTo : OPS.lineTo));
  paintPath(
    OPS as unknown as PdfJsModule['OPS'],
    { ops, args: points.flat() },
    { ...ink, fillGray },
    ID,
    stroke,
    !stroke,
    out,
  );
  return out;
}

describe('painted paths -> rules', () => {
  it('reads a long stroked rule 1 pt higher at one end as level (a producer rounding its ends)', () => {
    const out = paint(
      [
        [24.1, 127.117],
        [588.77, 126.102],
      ],
      true,
    );
    expect(out.hLines).toHaveLength(1);
    expect(out.hLines[0]).toMatchObject({ x1: 24.1, x2: 588.77 });
    expect(out.hLines[0].y1).toBeCloseTo(126.61, 2);
  });

  it('keeps a check mark stroke (a steep slope) out of the rules', () => {
    const out = paint(
      [
        [10, 10],
        [14, 6],
        [22, 18],
      ],
      true,
    );
    expect(out.hLines).toHaveLength(0);
    expect(out.vLines).toHaveLength(0);
  });

  it('turns the two bevelled L halves of a flattened widget border into the four sides of its box', () => {
    const topLeft = [
      [31.119, 99],
      [233.603, 99],
      [233.103, 98.5],
      [31.619, 98.5],
      [31.619, 84.194],
      [31.119, 83.694],
      [31.119, 99],
    ];
    const bottomRight = [
      [233.603, 83.694],
      [31.119, 83.694],
      [31.619, 84.194],
      [233.103, 84.194],
      [233.103, 98.5],
      [233.603, 99],
      [233.603, 83.694],
    ];
    const a = paint(topLeft, false, 0.5);
    const b = paint(bottomRight, false, 0.8);
    const h = [...a.hLines, ...b.hLines].map((l) => l.y1).sort((x, y) => x - y);
    const v = [...a.vLines, ...b.vLines].map((l) => l.x1).sort((x, y) => x - y);
    expect(h).toEqual([83.694, 99]);
    expect(v).toEqual([31.119, 233.603]);
  });

  it('leaves a solid filled polygon (a logo, an arrow) alone', () => {
    const arrow = [
      [0, 0],
      [40, 0],
      [40, 10],
      [60, -5],
      [40, -20],
      [40, -10],
      [0, -10],
      [0, 0],
    ];
    const out = paint(arrow, false);
    expect(out.hLines).toHaveLength(0);
    expect(out.vLines).toHaveLength(0);
  });
});
