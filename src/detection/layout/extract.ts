/**
 * Reads positioned glyphs and vector paths from one page via pdf.js' operator list, interpreting the
 * text and graphics state ourselves (pdf.js' text content merges glyphs into runs; we need each glyph).
 * Everything is returned in an upright space: the page /Rotate applied, origin at the crop box corner.
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import type { PdfJsModule } from '../pdfjs-loader';
import type { FilledRect, Glyph, PageContent, Segment, Shape } from './types';

type M6 = [number, number, number, number, number, number];
const ID: M6 = [1, 0, 0, 1, 0, 0];
const mul = (a: M6, b: M6): M6 => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4],
  a[4] * b[1] + a[5] * b[3] + b[5],
];
const apply = (m: M6, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

interface FontInfo {
  name: string;
  mono: boolean;
  bold: boolean;
  scale: number;
}

interface GState {
  ctm: M6;
  lineWidth: number;
  fillGray: number;
  font: FontInfo;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

interface RawGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/** Upright transform for a page: user space -> display space (y up), and its inverse. */
export function uprightTransforms(view: number[], rotate: number): { fwd: M6; inv: M6; width: number; height: number } {
  const [x1, y1, x2, y2] = view;
  const r = ((rotate % 360) + 360) % 360;
  const w = x2 - x1;
  const h = y2 - y1;
  if (r === 90) return { fwd: [0, -1, 1, 0, -y1, x2], inv: [0, 1, -1, 0, x2, y1], width: h, height: w };
  if (r === 180) return { fwd: [-1, 0, 0, -1, x2, y2], inv: [-1, 0, 0, -1, x2, y2], width: w, height: h };
  if (r === 270) return { fwd: [0, 1, -1, 0, y2, -x1], inv: [0, -1, 1, 0, x1, y2], width: h, height: w };
  return { fwd: [1, 0, 0, 1, -x1, -y1], inv: [1, 0, 0, 1, x1, y1], width: w, height: h };
}

function grayOf(args: unknown[]): number {
  const a = args as Array<number | string>;
  if (typeof a[0] === 'string') {
    const hex = a[0].replace('#', '');
    const v = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return (0.3 * v[0] + 0.59 * v[1] + 0.11 * v[2]) / 255;
  }
  const [r, g, b] = a as number[];
  return (0.3 * (r ?? 0) + 0.59 * (g ?? 0) + 0.11 * (b ?? 0)) / 255;
}

type OpList = Awaited<ReturnType<PDFPageProxy['getOperatorList']>>;

/**
 * The page is analysed in the orientation its text reads in: usually the page /Rotate, but a page may be
 * rotated with its content drawn upright in user space (or the reverse).
 */
export async function extractPage(pdfjs: PdfJsModule, page: PDFPageProxy, index: number): Promise<PageContent> {
  const ops = await page.getOperatorList();
  const dirs = new Map<number, number>();
  let content = interpret(pdfjs, page, ops, index, page.rotate, dirs);
  let best = page.rotate;
  let bestCount = dirs.get(((page.rotate % 360) + 360) % 360) ?? 0;
  for (const [rot, n] of dirs) if (n > bestCount * 1.5 && n > 20) [best, bestCount] = [rot, n];
  if (best !== page.rotate) content = interpret(pdfjs, page, ops, index, best, new Map());
  return content;
}

function interpret(
  pdfjs: PdfJsModule,
  page: PDFPageProxy,
  ops: OpList,
  index: number,
  rotate: number,
  dirs: Map<number, number>,
): PageContent {
  const OPS = pdfjs.OPS;
  const { fwd, inv, width, height } = uprightTransforms(page.view, rotate);
  const fonts = new Map<string, FontInfo>();
  const fontOf = (id: string): FontInfo => {
    let f = fonts.get(id);
    if (!f) {
      let obj: Record<string, unknown> = {};
      try {
        obj = page.commonObjs.get(id) as Record<string, unknown>;
      } catch {
        obj = {};
      }
      const name = typeof obj.name === 'string' ? obj.name : typeof obj.loadedName === 'string' ? obj.loadedName : id;
      const fm = obj.fontMatrix as number[] | undefined;
      f = {
        name,
        mono: Boolean(obj.isMonospace) || /mono|courier/i.test(name),
        bold: Boolean(obj.bold) || /bold|black|heavy/i.test(name),
        scale: fm && obj.isType3Font ? fm[0] * 1000 : 1,
      };
      fonts.set(id, f);
    }
    return f;
  };
  const glyphs: Glyph[] = [];
  const hLines: Segment[] = [];
  const vLines: Segment[] = [];
  const shapes: Shape[] = [];
  const fills: FilledRect[] = [];
  const noFont: FontInfo = { name: '', mono: false, bold: false, scale: 1 };
  let gs: GState = {
    ctm: ID,
    lineWidth: 1,
    fillGray: 0,
    font: noFont,
    size: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
  const stack: GState[] = [];
  let tm: M6 = ID;
  let tlm: M6 = ID;
  let path: { ops: number[]; args: number[] } | null = null;

  const showText = (items: Array<RawGlyph | number | null>): void => {
    const fs = gs.size;
    const hs = gs.hScale;
    for (const it of items) {
      if (it === null) continue;
      if (typeof it === 'number') {
        tm = mul([1, 0, 0, 1, (-it / 1000) * fs * hs, 0], tm);
        continue;
      }
      const w0 = ((it.width ?? 0) / 1000) * gs.font.scale;
      const adv = (w0 * fs + gs.charSpacing + (it.isSpace ? gs.wordSpacing : 0)) * hs;
      const ch = it.unicode ?? '';
      if (ch.trim() !== '' && fs !== 0) {
        const user = mul([fs * hs, 0, 0, fs, 0, gs.rise], mul(tm, gs.ctm));
        const ang = Math.round(Math.atan2(user[1], user[0]) / (Math.PI / 2)) * 90;
        const rot = ((ang % 360) + 360) % 360;
        dirs.set(rot, (dirs.get(rot) ?? 0) + 1);
        const trm = mul(user, fwd);
        const pts = [apply(trm, 0, -0.2), apply(trm, w0, -0.2), apply(trm, 0, 0.8), apply(trm, w0, 0.8)];
        const [bx, by] = apply(trm, 0, 0);
        const size = Math.hypot(trm[2], trm[3]);
        // Only upright text matters for form layout.
        if (Math.abs(trm[1]) < 0.01 * size && trm[3] > 0) {
          glyphs.push({
            ch,
            x1: Math.min(...pts.map((p) => p[0])),
            x2: Math.max(...pts.map((p) => p[0])),
            y1: Math.min(...pts.map((p) => p[1])),
            y2: Math.max(...pts.map((p) => p[1])),
            base: by,
            size,
            font: gs.font.name,
            mono: gs.font.mono,
            bold: gs.font.bold,
          });
          void bx;
        }
      }
      tm = mul([1, 0, 0, 1, adv, 0], tm);
    }
  };

  const paint = (stroke: boolean, fill: boolean): void => {
    if (!path) return;
    const m = mul(gs.ctm, fwd);
    const lw = Math.max(gs.lineWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])), 0.1);
    const { ops: pops, args } = path;
    let ai = 0;
    let sub: Array<[number, number]> = [];
    let curved = false;
    let rectLike = false;
    const subs: Array<{ pts: Array<[number, number]>; curved: boolean; rect: boolean }> = [];
    const flush = (): void => {
      if (sub.length) subs.push({ pts: sub, curved, rect: rectLike });
      sub = [];
      curved = false;
      rectLike = false;
    };
    for (const op of pops) {
      if (op === OPS.moveTo) {
        flush();
        sub.push(apply(m, args[ai], args[ai + 1]));
        ai += 2;
      } else if (op === OPS.lineTo) {
        sub.push(apply(m, args[ai], args[ai + 1]));
        ai += 2;
      } else if (op === OPS.curveTo) {
        sub.push(apply(m, args[ai + 4], args[ai + 5]));
        curved = true;
        ai += 6;
      } else if (op === OPS.curveTo2 || op === OPS.curveTo3) {
        sub.push(apply(m, args[ai + 2], args[ai + 3]));
        curved = true;
        ai += 4;
      } else if (op === OPS.rectangle) {
        flush();
        const [x, y, w, h] = args.slice(ai, ai + 4);
        sub = [apply(m, x, y), apply(m, x + w, y), apply(m, x + w, y + h), apply(m, x, y + h), apply(m, x, y)];
        rectLike = true;
        flush();
        ai += 4;
      } else if (op === OPS.closePath) {
        if (sub.length) sub.push(sub[0]);
      }
    }
    flush();
    for (const s of subs) {
      const xs = s.pts.map((p) => p[0]);
      const ys = s.pts.map((p) => p[1]);
      const box = { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
      const bw = box.x2 - box.x1;
      const bh = box.y2 - box.y1;
      const axisRect =
        !s.curved &&
        s.pts.length >= 4 &&
        s.pts.every(
          (p) =>
            (Math.abs(p[0] - box.x1) < 0.5 || Math.abs(p[0] - box.x2) < 0.5) &&
            (Math.abs(p[1] - box.y1) < 0.5 || Math.abs(p[1] - box.y2) < 0.5),
        );
      if (fill && !stroke && (axisRect || s.rect) && (bw < 2.5 || bh < 2.5)) {
        // A thin filled rectangle is a drawn line.
        if (bw >= bh)
          hLines.push({ x1: box.x1, y1: (box.y1 + box.y2) / 2, x2: box.x2, y2: (box.y1 + box.y2) / 2, width: bh });
        else vLines.push({ x1: (box.x1 + box.x2) / 2, y1: box.y1, x2: (box.x1 + box.x2) / 2, y2: box.y2, width: bw });
        continue;
      }
      if (fill && !stroke && (axisRect || s.rect)) {
        fills.push({ ...box, gray: gs.fillGray });
        if (gs.fillGray > 0.97) continue;
      }
      if (stroke && !s.curved) {
        for (let i = 1; i < s.pts.length; i++) {
          const [ax, ay] = s.pts[i - 1];
          const [bx, by] = s.pts[i];
          if (Math.abs(ay - by) < 0.5 && Math.abs(ax - bx) >= 0.5)
            hLines.push({
              x1: Math.min(ax, bx),
              x2: Math.max(ax, bx),
              y1: (ay + by) / 2,
              y2: (ay + by) / 2,
              width: lw,
            });
          else if (Math.abs(ax - bx) < 0.5 && Math.abs(ay - by) >= 0.5)
            vLines.push({
              y1: Math.min(ay, by),
              y2: Math.max(ay, by),
              x1: (ax + bx) / 2,
              x2: (ax + bx) / 2,
              width: lw,
            });
        }
      }
      if (bw > 0.5 && bh > 0.5 && (stroke || gs.fillGray < 0.97))
        shapes.push({ ...box, curved: s.curved, stroked: stroke, filled: fill, rectLike: axisRect || s.rect });
    }
  };

  const { fnArray, argsArray } = ops;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const a = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ...gs });
        break;
      case OPS.restore:
        gs = stack.pop() ?? gs;
        break;
      case OPS.transform:
        gs.ctm = mul(a as M6, gs.ctm);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...gs });
        if (Array.isArray(a[0])) gs.ctm = mul(a[0] as M6, gs.ctm);
        break;
      case OPS.paintFormXObjectEnd:
        gs = stack.pop() ?? gs;
        break;
      case OPS.setLineWidth:
        gs.lineWidth = a[0] as number;
        break;
      case OPS.setFillRGBColor:
        gs.fillGray = grayOf(a);
        break;
      case OPS.beginText:
        tm = ID;
        tlm = ID;
        break;
      case OPS.setFont:
        gs.font = fontOf(a[0] as string);
        gs.size = a[1] as number;
        break;
      case OPS.setTextMatrix: {
        const m = (Array.isArray(a[0]) ? a[0] : a) as M6;
        tm = [...m] as M6;
        tlm = [...m] as M6;
        break;
      }
      case OPS.moveText:
        tlm = mul([1, 0, 0, 1, a[0] as number, a[1] as number], tlm);
        tm = tlm;
        break;
      case OPS.setLeadingMoveText:
        gs.leading = -(a[1] as number);
        tlm = mul([1, 0, 0, 1, a[0] as number, a[1] as number], tlm);
        tm = tlm;
        break;
      case OPS.nextLine:
        tlm = mul([1, 0, 0, 1, 0, -gs.leading], tlm);
        tm = tlm;
        break;
      case OPS.setCharSpacing:
        gs.charSpacing = a[0] as number;
        break;
      case OPS.setWordSpacing:
        gs.wordSpacing = a[0] as number;
        break;
      case OPS.setHScale:
        gs.hScale = (a[0] as number) / 100;
        break;
      case OPS.setLeading:
        gs.leading = a[0] as number;
        break;
      case OPS.setTextRise:
        gs.rise = a[0] as number;
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        showText(a[0] as Array<RawGlyph | number | null>);
        break;
      case OPS.constructPath:
        path = { ops: a[0] as number[], args: a[1] as number[] };
        break;
      case OPS.stroke:
      case OPS.closeStroke:
        paint(true, false);
        path = null;
        break;
      case OPS.fill:
      case OPS.eoFill:
        paint(false, true);
        path = null;
        break;
      case OPS.fillStroke:
      case OPS.eoFillStroke:
      case OPS.closeFillStroke:
      case OPS.closeEOFillStroke:
        paint(true, true);
        path = null;
        break;
      case OPS.endPath:
        path = null;
        break;
      default:
        break;
    }
  }
  return {
    index,
    width,
    height,
    toUser: (x, y) => apply(inv, x, y),
    fromUser: (x, y) => apply(fwd, x, y),
    glyphs,
    hLines,
    vLines,
    shapes,
    fills,
  };
}
