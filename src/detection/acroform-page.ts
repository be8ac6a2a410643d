/**
 * A fillable PDF's pages read through the layout pipeline: each widget is a candidate of its page (the widget
 * gives the box), the layout stages give the meaning exactly as on a flat page or a scan (labels, captions,
 * options, questions, one or many). The widget's own words (tooltip, /Opt, export value, name) fill in only what
 * the page does not print. A printed signature line the author gave no widget is still reported.
 */
import type { AcroWidget } from './acroform';
import { radioPrompts, widgetField } from './acroform-cues';
import type { DetectedField } from '../shared/field-map';
import { blank } from './layout/blank-space';
import type { Candidate } from './layout/candidate';
import { findCandidates } from './layout/candidates';
import { detectPage } from './layout/page-fields';
import { boxH, boxW, iou, overlapX, overlapY, rectBox, type Box, type PageContent } from './layout/types';
import { uprightBox } from './page-text';
import { groupBy } from './reading-order';

const WIDGET = {
  /** pt: a text widget at most this wide and tall, its sides differing by at most this, is a tick box (a text tick). */
  tickMaxSide: 13,
  tickMaxSkew: 3,
  /** pt: text widgets this close side by side are character cells (tick boxes stand apart). */
  cellGap: 3,
  /** pt: a text widget taller than this is a box of several lines, not a line to write on. */
  lineMaxHeight: 24,
  /** The field's baseline sits this far over the widget's bottom. */
  baseRise: 1,
  /** IoU: a text widget over a printed tick mark at least this much is a tick box. */
  sameMark: 0.3,
  /** Share of the lower height: a widget on a layout candidate's row overlaps it this much in y. */
  rowShare: 0.5,
  /** pt, share: a printed blank running past its widgets keeps its longest free stretch when this long. */
  freeMinWidth: 40,
  freeMinShare: 0.25,
  /** IoU: a field of the page is the widget's when their rects overlap this much. */
  sameRect: 0.9,
} as const;

/** A widget box of the page: the widgets sharing it (a drop-down's options share one) and its upright box. */
interface WidgetBox {
  widgets: AcroWidget[];
  box: Box;
  tick: boolean;
}

/** A text widget holding one character at most: a tick box when it is small or sits on a printed tick mark. */
const oneMark = (w: AcroWidget): boolean => w.type === 'Tx' && !w.field.combCells && (w.field.maxLength ?? 1) <= 1;

/** The fields of one page of a fillable PDF: its widgets read with the layout stages. */
export function widgetPageFields(
  widgets: AcroWidget[],
  content: PageContent,
  nextKey: () => string,
  scanned: boolean,
): DetectedField[] {
  const boxes = [...groupBy(widgets, (w) => w.field.rect.join())].map(
    ([, ws]): WidgetBox => ({ widgets: ws, box: uprightBox(ws[0].field, content), tick: false }),
  );
  for (const b of boxes) {
    const [wd, ht] = [boxW(b.box), boxH(b.box)];
    const small = Math.max(wd, ht) <= WIDGET.tickMaxSide && Math.abs(wd - ht) <= WIDGET.tickMaxSkew;
    // Character cells side by side (a number written one digit per box) are no tick boxes.
    const cell = boxes.some(
      (o) =>
        o !== b &&
        o.widgets[0].type === 'Tx' &&
        overlapY(o.box, b.box) > 0 &&
        Math.abs(overlapX(o.box, b.box)) <= WIDGET.cellGap,
    );
    b.tick = small && oneMark(b.widgets[0]) && !cell;
  }
  const page = detectPage(content, nextKey, (lines, geo, height) =>
    widgetCandidates(boxes, findCandidates(lines, geo, height)),
  ).fields;
  const fields: DetectedField[] = [];
  const used = new Set<DetectedField>();
  for (const b of boxes) {
    const printed = page.find(
      (f) => !used.has(f) && iou(rectBox(f.rect), rectBox(b.widgets[0].field.rect)) >= WIDGET.sameRect,
    );
    if (printed) used.add(printed);
    for (const w of b.widgets) fields.push(widgetField(w, b.tick, printed));
  }
  radioPrompts(fields, widgets);
  // A printed signature line with no widget on a row the author made fillable (its date beside it), or anywhere on
  // a scanned page made fillable: a text widget cannot hold a signature, so authors leave it out. A signing line on
  // a born-digital page with no widget on its row is left to paper (a government form's wet signature).
  for (const f of page) {
    if (used.has(f) || f.kind !== 'signature' || !f.label) continue;
    // Rows in the upright space: rows are rows on a turned page.
    const row = uprightBox(f, content);
    if (scanned || fields.some((o) => overlapY(uprightBox(o, content), row) > 0)) fields.push(f);
  }
  return fields;
}

const centreIn = (a: Box, b: Box): boolean =>
  (a.x1 + a.x2) / 2 > b.x1 && (a.x1 + a.x2) / 2 < b.x2 && (a.y1 + a.y2) / 2 > b.y1 && (a.y1 + a.y2) / 2 < b.y2;

/**
 * The widgets as candidates, with what the layout found at the same place (a rule's caption, a cell's column
 * header, a glyph's kind of marker); the layout's candidates on a widget go, the others stay (a signature line).
 */
function widgetCandidates(boxes: WidgetBox[], layout: Candidate[]): Candidate[] {
  const widgets = boxes.map((b, i) => {
    const w = b.widgets[0];
    const over = layout.filter((c) => centreIn(c, b.box) || centreIn(b.box, c));
    // A text widget on a printed tick mark (a box glyph, brackets, a tick rule) is ticked, not written in.
    const onMark = over.some((c) => c.choice && iou(c, b.box) >= WIDGET.sameMark);
    if (onMark && oneMark(w)) b.tick = true;
    // A tick box in an empty cell of a table headed by answers is read as that cell (cell-grids.ts).
    const cell = over.find((c) => !c.choice && c.cell && c.columnHeader && centreIn(b.box, c));
    const choice = (w.type === 'Btn' || b.tick) && !cell;
    const like = cell ?? over.filter((c) => c.choice === choice).sort((x, y) => iou(y, b.box) - iou(x, b.box))[0];
    const ht = b.box.y2 - b.box.y1;
    const cand: Candidate = choice
      ? { ...b.box, source: like?.source ?? 'square', choice, base: b.box.y1, size: ht, confidence: 1 }
      : {
          ...blank(b.box, 1, b.box.y1 + WIDGET.baseRise),
          source: like?.source ?? (ht > WIDGET.lineMaxHeight ? 'box' : 'line'),
        };
    if (like && !choice)
      for (const k of ['innerLabel', 'innerLabelRaw', 'hint', 'columnHeader', 'cell'] as const)
        if (like[k] !== undefined) Object.assign(cand, { [k]: like[k] });
    cand.widget = i;
    return cand;
  });
  return [...widgets, ...layout.flatMap((c) => outside(c, boxes))];
}

/**
 * A layout candidate minus the widgets on it: nothing when widgets are it, its longest free stretch when it runs
 * on past them (one rule printed under "Signature" and "Date" with only the date made fillable).
 */
function outside(c: Candidate, boxes: WidgetBox[]): Candidate[] {
  const minH = (b: Box): number => WIDGET.rowShare * Math.min(b.y2 - b.y1, c.y2 - c.y1);
  const on = boxes.filter((b) => overlapX(b.box, c) > 0 && overlapY(b.box, c) > minH(b.box));
  if (!on.length) return [c];
  if (c.choice) return [];
  // The longest gap between the widgets on it (the leftmost of equals).
  let [a, z, from] = [0, 0, c.x1];
  for (const { box } of [...on].sort((p, q) => p.box.x1 - q.box.x1)) {
    if (box.x1 - from > z - a) [a, z] = [from, box.x1];
    from = Math.max(from, box.x2);
  }
  if (c.x2 - from > z - a) [a, z] = [from, c.x2];
  return z - a >= Math.max(WIDGET.freeMinWidth, WIDGET.freeMinShare * (c.x2 - c.x1)) ? [{ ...c, x1: a, x2: z }] : [];
}
