import type { PDFFont, PDFName, PDFPage } from 'pdf-lib';
import type { Rect } from '../shared/field-map';
import { ContentBuilder } from './content';
import type { TextLayout } from './layout';
import type { EmbeddedImage } from './png';

/**
 * A field box as the viewer sees it. Rects are in unrotated user space; on a page with /Rotate R the
 * box's own frame is turned R degrees counter-clockwise in user space, so that what is drawn in it
 * reads upright once the viewer turns the page R degrees clockwise.
 */
export interface BoxFrame {
  /** local -> user space: [a b c d e f] */
  matrix: [number, number, number, number, number, number];
  /** Box width and height as seen by the viewer. */
  w: number;
  h: number;
}

export function normalizeRotation(angle: number): 0 | 90 | 180 | 270 {
  const r = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

export function boxFrame(rect: Rect, pageRotation: number): BoxFrame {
  const x1 = Math.min(rect[0], rect[2]);
  const x2 = Math.max(rect[0], rect[2]);
  const y1 = Math.min(rect[1], rect[3]);
  const y2 = Math.max(rect[1], rect[3]);
  const rw = x2 - x1;
  const rh = y2 - y1;
  switch (normalizeRotation(pageRotation)) {
    case 90:
      return { matrix: [0, 1, -1, 0, x2, y1], w: rh, h: rw };
    case 180:
      return { matrix: [-1, 0, 0, -1, x2, y2], w: rw, h: rh };
    case 270:
      return { matrix: [0, -1, 1, 0, x1, y2], w: rh, h: rw };
    default:
      return { matrix: [1, 0, 0, 1, x1, y1], w: rw, h: rh };
  }
}

/** Line cap and join style 1 (round). */
const ROUND = 1;

/** How far an ellipse around a circled word reaches beyond the word's box (which already has 2 pt of air). */
const CIRCLE_SLACK_PT = 0.5;

/** Collects the drawing operators of one page and appends them as one content stream. */
export class PageCanvas {
  private readonly ops = new ContentBuilder();
  private fontKey: PDFName | null = null;
  private readonly rotation: number;

  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont | null,
  ) {
    this.rotation = page.getRotation().angle;
  }

  frame(rect: Rect): BoxFrame {
    return boxFrame(rect, this.rotation);
  }

  private begin(frame: BoxFrame, clipBox: boolean): void {
    this.ops.op('q').op('cm', ...frame.matrix);
    if (clipBox) {
      // A little slack so descenders and squeezed text touching the edge are not cut.
      this.ops
        .op('re', -1, -1, frame.w + 2, frame.h + 2)
        .op('W')
        .op('n');
    }
  }

  text(frame: BoxFrame, layout: TextLayout): void {
    if (layout.lines.length === 0 || !this.font) return;
    this.fontKey ??= this.page.node.newFontDictionary(this.font.name, this.font.ref);
    this.begin(frame, true);
    this.ops.op('BT').op('g', 0).op('Tf', this.fontKey, layout.size);
    if (layout.hscale < 1) this.ops.op('Tz', Math.round(layout.hscale * 1000) / 10);
    for (const line of layout.lines) {
      if (line.text === '') continue;
      this.ops.op('Tm', 1, 0, 0, 1, line.x, line.y).op('Tj', this.font.encodeText(line.text));
    }
    this.ops.op('ET').op('Q');
  }

  /** A vector tick (no font needed), fitted and centred in the box. */
  check(frame: BoxFrame): void {
    const side = Math.min(frame.w, frame.h);
    if (side <= 0) return;
    const s = side >= 4 ? side * 0.8 : side;
    const ox = (frame.w - s) / 2;
    const oy = (frame.h - s) / 2;
    this.begin(frame, false);
    this.ops
      .op('G', 0)
      .op('w', Math.max(0.6, s * 0.12))
      .op('J', ROUND)
      .op('j', ROUND)
      .op('m', ox + s * 0.12, oy + s * 0.52)
      .op('l', ox + s * 0.4, oy + s * 0.2)
      .op('l', ox + s * 0.88, oy + s * 0.82)
      .op('S')
      .op('Q');
  }

  /** An ellipse around the box: a printed option word circled by the patient. */
  circle(frame: BoxFrame): void {
    if (frame.w <= 0 || frame.h <= 0) return;
    const k = 0.5523; // control-point distance that makes four cubic Béziers a near-perfect ellipse
    const rx = frame.w / 2 + CIRCLE_SLACK_PT;
    const ry = frame.h / 2 + CIRCLE_SLACK_PT;
    const cx = frame.w / 2;
    const cy = frame.h / 2;
    this.begin(frame, false);
    this.ops
      .op('G', 0)
      .op('w', Math.min(1.4, Math.max(0.8, frame.h * 0.08)))
      .op('m', cx + rx, cy)
      .op('c', cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
      .op('c', cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
      .op('c', cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
      .op('c', cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
      .op('h')
      .op('S')
      .op('Q');
  }

  /** An image scaled to fit the box, aspect ratio kept, left-aligned and vertically centred. */
  image(frame: BoxFrame, image: EmbeddedImage): void {
    if (image.width <= 0 || image.height <= 0 || frame.w <= 0 || frame.h <= 0) return;
    const pad = Math.min(1, frame.w * 0.05, frame.h * 0.05);
    const scale = Math.min((frame.w - 2 * pad) / image.width, (frame.h - 2 * pad) / image.height);
    const dw = image.width * scale;
    const dh = image.height * scale;
    const key = this.page.node.newXObject('Sig', image.ref);
    this.begin(frame, false);
    this.ops
      .op('cm', dw, 0, 0, dh, pad, (frame.h - dh) / 2)
      .op('Do', key)
      .op('Q');
  }

  flush(): void {
    this.ops.appendTo(this.page);
  }
}
