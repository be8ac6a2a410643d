import { PDFArray, PDFDict, PDFDocument, PDFFont, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import { ContentBuilder } from './content';
import type { InlineAppearance, InlineAppearances } from './text-appearance';

const N = {
  AcroForm: PDFName.of('AcroForm'),
  NeedsRendering: PDFName.of('NeedsRendering'),
  Annots: PDFName.of('Annots'),
  Subtype: PDFName.of('Subtype'),
  Widget: PDFName.of('Widget'),
  Form: PDFName.of('Form'),
  AP: PDFName.of('AP'),
  AS: PDFName.of('AS'),
  N: PDFName.of('N'),
  F: PDFName.of('F'),
  FT: PDFName.of('FT'),
  Ff: PDFName.of('Ff'),
  Btn: PDFName.of('Btn'),
  Parent: PDFName.of('Parent'),
  Rect: PDFName.of('Rect'),
  BBox: PDFName.of('BBox'),
  Matrix: PDFName.of('Matrix'),
  AA: PDFName.of('AA'),
  Names: PDFName.of('Names'),
  JavaScript: PDFName.of('JavaScript'),
  OpenAction: PDFName.of('OpenAction'),
  S: PDFName.of('S'),
};

function num(doc: PDFDocument, obj: unknown): number | undefined {
  const v = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

function numbers(doc: PDFDocument, arr: PDFArray | undefined, count: number): number[] | undefined {
  if (!arr || arr.size() < count) return undefined;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = num(doc, arr.get(i));
    if (n === undefined || !Number.isFinite(n)) return undefined;
    out.push(n);
  }
  return out;
}

function inherited(doc: PDFDocument, dict: PDFDict, key: PDFName): unknown {
  let d: PDFDict | undefined = dict;
  for (let depth = 0; d && depth < 32; depth++) {
    const v = d.get(key);
    if (v !== undefined) return v instanceof PDFRef ? doc.context.lookup(v) : v;
    d = d.lookupMaybe(N.Parent, PDFDict);
  }
  return undefined;
}

function isPushButton(doc: PDFDocument, widget: PDFDict): boolean {
  if (inherited(doc, widget, N.FT) !== N.Btn) return false;
  const ff = inherited(doc, widget, N.Ff);
  return ff instanceof PDFNumber && (ff.asNumber() & (1 << 16)) !== 0;
}

/** The widget's normal appearance for its current state, as [ref, stream]. */
function normalAppearance(doc: PDFDocument, widget: PDFDict): [PDFRef, PDFStream] | undefined {
  const ap = widget.lookupMaybe(N.AP, PDFDict);
  if (!ap) return undefined;
  let raw = ap.get(N.N);
  let obj = raw instanceof PDFRef ? doc.context.lookup(raw) : raw;
  if (obj instanceof PDFDict && !(obj instanceof PDFStream)) {
    const as = widget.get(N.AS);
    if (!(as instanceof PDFName)) return undefined;
    raw = obj.get(as);
    obj = raw instanceof PDFRef ? doc.context.lookup(raw) : raw;
  }
  if (!(obj instanceof PDFStream)) return undefined;
  const ref = raw instanceof PDFRef ? raw : doc.context.register(obj);
  return [ref, obj];
}

type Box4 = [number, number, number, number];
type Matrix6 = [number, number, number, number, number, number];

/**
 * Maps an appearance's box (BBox through Matrix) onto the widget's rect, as a viewer draws it (PDF 32000-1
 * 12.5.5), and paints it there; false (nothing written) when a rect or box is missing or flat.
 */
function placeWidget(
  doc: PDFDocument,
  widget: PDFDict,
  bbox: Box4,
  m: Matrix6,
  ops: ContentBuilder,
  paint: () => void,
) {
  const rect = numbers(doc, widget.lookupMaybe(N.Rect, PDFArray), 4);
  if (!rect) return false;
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  const bx1 = Math.min(...corners.map((c) => c[0]));
  const bx2 = Math.max(...corners.map((c) => c[0]));
  const by1 = Math.min(...corners.map((c) => c[1]));
  const by2 = Math.max(...corners.map((c) => c[1]));
  const rx1 = Math.min(rect[0], rect[2]);
  const rx2 = Math.max(rect[0], rect[2]);
  const ry1 = Math.min(rect[1], rect[3]);
  const ry2 = Math.max(rect[1], rect[3]);
  if (bx2 - bx1 < 1e-6 || by2 - by1 < 1e-6 || rx2 - rx1 < 1e-6 || ry2 - ry1 < 1e-6) return false;
  const sx = (rx2 - rx1) / (bx2 - bx1);
  const sy = (ry2 - ry1) / (by2 - by1);
  ops.op('q').op('cm', sx, 0, 0, sy, rx1 - bx1 * sx, ry1 - by1 * sy);
  paint();
  ops.op('Q');
  return true;
}

/** Draws a widget's appearance stream as a form XObject. */
function drawWidget(
  doc: PDFDocument,
  widget: PDFDict,
  xobjectKey: () => PDFName,
  stream: PDFStream,
  ops: ContentBuilder,
) {
  const bbox = numbers(doc, stream.dict.lookupMaybe(N.BBox, PDFArray), 4) as Box4 | undefined;
  if (!bbox) return;
  const m = (numbers(doc, stream.dict.lookupMaybe(N.Matrix, PDFArray), 6) ?? [1, 0, 0, 1, 0, 0]) as Matrix6;
  placeWidget(doc, widget, bbox, m, ops, () => {
    if (!stream.dict.has(N.Subtype)) stream.dict.set(N.Subtype, N.Form);
    ops.op('Do', xobjectKey());
  });
}

/**
 * Draws an appearance kept by text-appearance.ts in the page itself, as its form XObject would be painted: clipped
 * to its box (identity matrix), then its operators.
 */
function drawInline(
  doc: PDFDocument,
  widget: PDFDict,
  appearance: InlineAppearance,
  fontKey: () => PDFName,
  ops: ContentBuilder,
) {
  const [x1, y1, x2, y2] = appearance.bbox;
  placeWidget(doc, widget, appearance.bbox, [1, 0, 0, 1, 0, 0], ops, () => {
    ops
      .op('re', x1, y1, x2 - x1, y2 - y1)
      .op('W')
      .op('n');
    ops.append(appearance.write(fontKey()));
  });
}

/**
 * Flattens the interactive form: every visible widget's current appearance is drawn into its page
 * (hidden / no-view widgets and push buttons are dropped), widget annotations are removed, and the
 * AcroForm goes from the catalog together with document-level scripts that would address fields
 * that no longer exist. One pass over the pages' /Annots; no field tree walk.
 */
export function flattenForm(doc: PDFDocument, skipWidgets: ReadonlySet<PDFDict>, inline: InlineAppearances): void {
  for (const page of doc.getPages()) {
    const fontKeys = new Map<PDFFont, PDFName>();
    const fontKey = (font: PDFFont) => (): PDFName => {
      let key = fontKeys.get(font);
      if (!key) {
        key = page.node.newFontDictionary(font.name, font.ref);
        fontKeys.set(font, key);
      }
      return key;
    };
    const annots = page.node.lookupMaybe(N.Annots, PDFArray);
    if (!annots) continue;
    const keep: ReturnType<PDFArray['get']>[] = [];
    const ops = new ContentBuilder();
    let removed = 0;
    for (let i = 0; i < annots.size(); i++) {
      const raw = annots.get(i);
      const dict = raw instanceof PDFRef ? doc.context.lookup(raw) : raw;
      if (!(dict instanceof PDFDict) || dict.get(N.Subtype) !== N.Widget) {
        keep.push(raw);
        continue;
      }
      removed++;
      if (skipWidgets.has(dict)) continue;
      const flags = num(doc, dict.get(N.F)) ?? 0;
      if ((flags & (2 | 32)) !== 0) continue; // Hidden, NoView
      try {
        if (isPushButton(doc, dict)) continue;
        const drawn = inline.get(dict);
        if (drawn) {
          drawInline(doc, dict, drawn, fontKey(drawn.font), ops);
          continue;
        }
        const appearance = normalAppearance(doc, dict);
        if (!appearance) continue;
        const [ref, stream] = appearance;
        drawWidget(doc, dict, () => page.node.newXObject('FlatWidget', ref), stream, ops);
      } catch {
        // A malformed widget is dropped rather than failing the render.
      }
    }
    if (removed === 0) continue;
    ops.appendTo(page);
    if (keep.length > 0) page.node.set(N.Annots, doc.context.obj(keep));
    else page.node.delete(N.Annots);
  }
  const catalog = doc.catalog;
  catalog.delete(N.AcroForm);
  catalog.delete(N.NeedsRendering);
  catalog.delete(N.AA);
  catalog.lookupMaybe(N.Names, PDFDict)?.delete(N.JavaScript);
  const open = catalog.lookup(N.OpenAction);
  if (open instanceof PDFDict && open.get(N.S) === N.JavaScript) catalog.delete(N.OpenAction);
}
