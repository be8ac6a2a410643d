/**
 * One page's glyphs and painted paths (page-paths.ts) from pdf.js' operator list, in an upright space: page /Rotate
 * applied, origin at the crop box corner. We track the text state ourselves: pdf.js' text content merges glyphs.
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import type { PdfJsModule } from '../pdfjs-loader';
import { paintPath, type PaintState, type PathDrawing, type PathOps } from './page-paths';
import { apply, ID, mul, uprightTransforms, type M6 } from './pdf-matrix';
import { BOX_CHARS, CIRCLE_CHARS } from './text';
import { boxOf, type Box, type Glyph, type PageContent, type Point } from './types';

/** Glyph widths, TJ adjustments and Type 3 font matrices are in thousandths of text space. */
const TEXT_SPACE_UNITS = 1000;
/** em: a glyph's box reaches this far under its baseline (descenders) and this far over it (capitals, ascenders). */
const GLYPH_DESCENT_EM = 0.2;
const GLYPH_ASCENT_EM = 0.8;
/** Share of the font size: text skewed more than this is not upright (and not read as form text). */
const UPRIGHT_SKEW = 0.01;
/** Text render modes that paint nothing (Tr 3: invisible; 7: clip only). */
const INVISIBLE_TEXT_MODES: readonly number[] = [3, 7];
/** Gray of an RGB colour: the luma weights of ITU-R BT.601, channels 0..255. */
const LUMA = { r: 0.3, g: 0.59, b: 0.11, channelMax: 255 } as const;
/** Another orientation wins holding this many times the page's own glyphs and over this many (a stamp does not). */
const ORIENTATION_MAJORITY = 1.5;
const ORIENTATION_MIN_GLYPHS = 20;

interface FontInfo {
  /** pdf.js' loaded name: the key of the font's glyph outlines in `commonObjs`. */
  id: string;
  name: string;
  mono: boolean;
  bold: boolean;
  scale: number;
}

/** The graphics and text state a page starts with. */
const INITIAL_STATE = {
  ctm: ID,
  lineWidth: 1,
  fillGray: 0,
  font: { id: '', name: '', mono: false, bold: false, scale: 1 },
  size: 0,
  charSpacing: 0,
  wordSpacing: 0,
  hScale: 1,
  leading: 0,
  rise: 0,
  /** Text rendering mode (Tr). */
  textRender: 0,
};
type GState = typeof INITIAL_STATE & PaintState;

/** Operators that set one number of the state to their operand. */
const NUMBER_SETTERS = {
  setLineWidth: 'lineWidth',
  setCharSpacing: 'charSpacing',
  setWordSpacing: 'wordSpacing',
  setLeading: 'leading',
  setTextRise: 'rise',
  setTextRenderingMode: 'textRender',
} as const;

interface RawGlyph {
  unicode?: string;
  /** The character code pdf.js keys the glyph's outline with. */
  fontChar?: string;
  width?: number;
  isSpace?: boolean;
}

type OpList = Awaited<ReturnType<PDFPageProxy['getOperatorList']>>;

/** pdf.js gives a fill colour as `#rrggbb` or as three channels. */
function grayOf(args: unknown[]): number {
  const hex = typeof args[0] === 'string' ? args[0].replace('#', '') : null;
  const [r, g, b] = hex !== null ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) : (args as number[]);
  return (LUMA.r * (r ?? 0) + LUMA.g * (g ?? 0) + LUMA.b * (b ?? 0)) / LUMA.channelMax;
}

/** Read in the orientation its text reads in: not the page /Rotate when the content is drawn turned against it. */
export async function extractPage(pdfjs: PdfJsModule, page: PDFPageProxy, index: number): Promise<PageContent> {
  const ops = await page.getOperatorList();
  const [fontOf, inkOf] = [fontReader(page), glyphInkReader(page)];
  const interpret = (rotate: number): OperatorRun =>
    new OperatorRun(pdfjs.OPS, uprightTransforms(page.view, rotate).fwd, fontOf, inkOf).run(ops);
  let [rotate, run] = [page.rotate, interpret(page.rotate)];
  let bestCount = run.dirs.get(((page.rotate % 360) + 360) % 360) ?? 0;
  for (const [rot, n] of run.dirs)
    if (n > bestCount * ORIENTATION_MAJORITY && n > ORIENTATION_MIN_GLYPHS) [rotate, bestCount] = [rot, n];
  if (rotate !== page.rotate) run = interpret(rotate);
  return { ...pageFrame(page.view, rotate, index), glyphs: run.glyphs, ...run.drawing, images: run.images };
}

/** The page's upright space with nothing on it (all a page given up for time contributes). */
export function pageFrame(view: number[], rotate: number, index: number): PageContent {
  const { fwd, inv, width, height } = uprightTransforms(view, rotate);
  const [toUser, fromUser] = [inv, fwd].map((m) => (x: number, y: number) => apply(m, x, y));
  return { index, width, height, toUser, fromUser, glyphs: [], hLines: [], vLines: [], shapes: [], fills: [] };
}

/** One of pdf.js' objects shared by the document's pages (a loaded font, a glyph's outline); undefined if none. */
const commonObj = (page: PDFPageProxy, key: string): unknown =>
  page.commonObjs.has(key) ? (page.commonObjs.get(key) as unknown) : undefined;

/** `read` run once per key. */
function cached<V>(read: (key: string) => V): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    if (!seen.has(key)) seen.set(key, read(key));
    return seen.get(key) as V;
  };
}

/** Font facts the layout uses, read once per font from pdf.js' loaded font objects. */
function fontReader(page: PDFPageProxy): (id: string) => FontInfo {
  return cached((id) => {
    const obj = (commonObj(page, id) ?? {}) as Record<string, unknown>;
    const name = typeof obj.name === 'string' ? obj.name : typeof obj.loadedName === 'string' ? obj.loadedName : id;
    const fm = obj.fontMatrix as number[] | undefined;
    return {
      id,
      name,
      mono: Boolean(obj.isMonospace) || /mono|courier/i.test(name),
      bold: Boolean(obj.bold) || /bold|black|heavy/i.test(name),
      scale: fm && obj.isType3Font ? fm[0] * TEXT_SPACE_UNITS : 1,
    };
  });
}

/**
 * The ink box (em) of a glyph's outline: with font faces disabled pdf.js sends it as an SVG path keyed
 * `<loadedName>_path_<fontChar>`; its points' box counts curve control points (a few hundredths of an em at most).
 */
function glyphInkReader(page: PDFPageProxy): (fontId: string, fontChar: string) => Box | null {
  const inkOf = cached((key): Box | null => {
    const path = commonObj(page, key);
    const nums =
      typeof path === 'string' ? (path.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number) : [];
    if (nums.length < 4) return null;
    const ink = boxOf(nums.flatMap((x, i): Point[] => (i % 2 ? [] : [[x, nums[i + 1]]])));
    return ink.x2 - ink.x1 <= 0 || ink.y2 - ink.y1 <= 0 ? null : ink;
  });
  return (fontId, fontChar) => inkOf(`${fontId}_path_${fontChar}`);
}

/** One pass over a page's operator list in one orientation: the graphics and text state, and what is drawn. */
class OperatorRun {
  readonly glyphs: Glyph[] = [];
  readonly images: Box[] = [];
  readonly drawing: PathDrawing = { hLines: [], vLines: [], shapes: [], fills: [] };
  /** Glyphs per reading direction (degrees). */
  readonly dirs = new Map<number, number>();
  private gs: GState = { ...INITIAL_STATE };
  private readonly stack: GState[] = [];
  private tm: M6 = ID;
  private tlm: M6 = ID;
  private path: PathOps | null = null;

  constructor(
    private readonly OPS: PdfJsModule['OPS'],
    private readonly fwd: M6,
    private readonly fontOf: (id: string) => FontInfo,
    private readonly inkOf: (fontId: string, fontChar: string) => Box | null,
  ) {}

  run(ops: OpList): this {
    const { fnArray, argsArray } = ops;
    const setters = Object.keys(NUMBER_SETTERS) as Array<keyof typeof NUMBER_SETTERS>;
    const setterOf = new Map(setters.map((op) => [this.OPS[op], NUMBER_SETTERS[op]]));
    for (let i = 0; i < fnArray.length; i++) {
      const a = (argsArray[i] ?? []) as unknown[];
      const key = setterOf.get(fnArray[i]);
      if (key) this.gs[key] = a[0] as number;
      else this.op(fnArray[i], a);
    }
    return this;
  }

  /** Graphics and text state, paths, images, text positioning and text showing. */
  private op(fn: number, a: unknown[]): void {
    const { OPS, gs } = this;
    switch (fn) {
      case OPS.save:
      case OPS.paintFormXObjectBegin:
        this.stack.push({ ...gs });
        if (fn === OPS.paintFormXObjectBegin && Array.isArray(a[0])) gs.ctm = mul(a[0] as M6, gs.ctm);
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        this.gs = this.stack.pop() ?? gs;
        break;
      case OPS.transform:
        gs.ctm = mul(a as M6, gs.ctm);
        break;
      case OPS.setFillRGBColor:
        gs.fillGray = grayOf(a);
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageXObjectRepeat:
        this.coverWithImage();
        break;
      case OPS.constructPath:
        this.path = { ops: a[0] as number[], args: a[1] as number[] };
        break;
      case OPS.stroke:
      case OPS.closeStroke:
        this.paint(true, false);
        break;
      case OPS.fill:
      case OPS.eoFill:
        this.paint(false, true);
        break;
      case OPS.fillStroke:
      case OPS.eoFillStroke:
      case OPS.closeFillStroke:
      case OPS.closeEOFillStroke:
        this.paint(true, true);
        break;
      case OPS.endPath:
        this.path = null;
        break;
      case OPS.beginText:
        [this.tm, this.tlm] = [ID, ID];
        break;
      case OPS.setFont:
        gs.font = this.fontOf(a[0] as string);
        gs.size = a[1] as number;
        break;
      case OPS.setTextMatrix: {
        const m = (Array.isArray(a[0]) ? a[0] : a) as M6;
        [this.tm, this.tlm] = [m, m];
        break;
      }
      case OPS.moveText:
      case OPS.setLeadingMoveText:
      case OPS.nextLine: {
        // TD also sets the leading (to -ty); T* moves down by the leading.
        const [tx, ty] = fn === OPS.nextLine ? [0, -gs.leading] : (a as number[]);
        if (fn === OPS.setLeadingMoveText) gs.leading = -ty;
        this.tlm = mul([1, 0, 0, 1, tx, ty], this.tlm);
        this.tm = this.tlm;
        break;
      }
      case OPS.setHScale:
        // Tz is a percentage.
        gs.hScale = (a[0] as number) / 100;
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        this.showText(a[0] as Array<RawGlyph | number | null>);
        break;
    }
  }

  /** Places each glyph of a shown string (upright ones are kept) and advances the text matrix. */
  private showText(items: Array<RawGlyph | number | null>): void {
    const gs = this.gs;
    const [fs, hs] = [gs.size, gs.hScale];
    for (const it of items) {
      if (it === null) continue;
      if (typeof it === 'number') {
        this.tm = mul([1, 0, 0, 1, (-it / TEXT_SPACE_UNITS) * fs * hs, 0], this.tm);
        continue;
      }
      const w0 = ((it.width ?? 0) / TEXT_SPACE_UNITS) * gs.font.scale;
      const adv = (w0 * fs + gs.charSpacing + (it.isSpace ? gs.wordSpacing : 0)) * hs;
      const ch = it.unicode ?? '';
      if (ch.trim() !== '' && fs !== 0) this.placeGlyph(ch, w0, it.fontChar);
      this.tm = mul([1, 0, 0, 1, adv, 0], this.tm);
    }
  }

  private placeGlyph(ch: string, w0: number, fontChar?: string): void {
    const gs = this.gs;
    const user = mul([gs.size * gs.hScale, 0, 0, gs.size, 0, gs.rise], mul(this.tm, gs.ctm));
    const ang = Math.round(Math.atan2(user[1], user[0]) / (Math.PI / 2)) * 90;
    const rot = ((ang % 360) + 360) % 360;
    this.dirs.set(rot, (this.dirs.get(rot) ?? 0) + 1);
    const trm = mul(user, this.fwd);
    const [lo, hi] = [-GLYPH_DESCENT_EM, GLYPH_ASCENT_EM];
    const box = boxOf([apply(trm, 0, lo), apply(trm, w0, lo), apply(trm, 0, hi), apply(trm, w0, hi)]);
    const size = Math.hypot(trm[2], trm[3]);
    // Only upright text matters for form layout.
    if (Math.abs(trm[1]) < UPRIGHT_SKEW * size && trm[3] > 0) {
      this.glyphs.push({
        ch,
        ...box,
        base: trm[5],
        size,
        font: gs.font.name,
        mono: gs.font.mono,
        bold: gs.font.bold,
        ...(INVISIBLE_TEXT_MODES.includes(gs.textRender) ? { hidden: true } : {}),
        ...this.markerInk(ch, fontChar, trm),
      });
    }
  }

  /** The outline's ink of a box or circle glyph, in the upright page space. */
  private markerInk(ch: string, fontChar: string | undefined, trm: M6): { ink?: Box } {
    if (fontChar === undefined || !(BOX_CHARS.has(ch) || CIRCLE_CHARS.has(ch))) return {};
    const em = this.inkOf(this.gs.font.id, fontChar);
    return em ? { ink: boxOf([apply(trm, em.x1, em.y1), apply(trm, em.x2, em.y2)]) } : {};
  }

  private paint(stroke: boolean, fill: boolean): void {
    if (this.path) paintPath(this.OPS, this.path, this.gs, this.fwd, stroke, fill, this.drawing);
    this.path = null;
  }

  /** Text painted before an image that covers it cannot be seen (a copier's OCR layer under the scan). */
  private coverWithImage(): void {
    const m = mul(this.gs.ctm, this.fwd);
    const { x1, y1, x2, y2 } = boxOf([apply(m, 0, 0), apply(m, 1, 0), apply(m, 0, 1), apply(m, 1, 1)]);
    this.images.push({ x1, y1, x2, y2 });
    for (const g of this.glyphs) {
      const [cx, cy] = [(g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2];
      if (cx > x1 && cx < x2 && cy > y1 && cy < y2) g.hidden = true;
    }
  }
}
