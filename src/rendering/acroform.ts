import {
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFField,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFRef,
  PDFStream,
  PDFString,
  PDFTextField,
} from 'pdf-lib';
import type { PDFWidgetAnnotation } from 'pdf-lib';
import { ContentBuilder } from './content';
import { drawTextFieldAppearances, type DaCache } from './text-appearance';
import type { RenderField } from './types';
import { displayText, fitToLength, isChoiceKind, isExplicitlyUnticked, isTicked } from './values';

const N = {
  AcroForm: PDFName.of('AcroForm'),
  XFA: PDFName.of('XFA'),
  NeedsRendering: PDFName.of('NeedsRendering'),
  Annots: PDFName.of('Annots'),
  Subtype: PDFName.of('Subtype'),
  Widget: PDFName.of('Widget'),
  Form: PDFName.of('Form'),
  Type: PDFName.of('Type'),
  XObject: PDFName.of('XObject'),
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
  Off: PDFName.of('Off'),
  AA: PDFName.of('AA'),
  Names: PDFName.of('Names'),
  JavaScript: PDFName.of('JavaScript'),
  OpenAction: PDFName.of('OpenAction'),
  S: PDFName.of('S'),
};

/** Something the form could not show by itself: drawn on the page like a flat field instead. */
export type Fallback = { field: RenderField; draw: 'text'; text: string } | { field: RenderField; draw: 'check' };

export interface FillResult {
  fallbacks: Fallback[];
  /** The default appearances read so far (see text-appearance.ts). */
  daCache: DaCache;
  /** Widgets whose own appearance must not be flattened (their value is drawn as a fallback). */
  skipWidgets: Set<PDFDict>;
}

type Answers = Record<string, string | boolean>;

function nameText(name: PDFName): string {
  return name.decodeText();
}

function findState(widget: PDFWidgetAnnotation, wanted: string): PDFName | undefined {
  const normal = widget.getAppearances()?.normal;
  if (!(normal instanceof PDFDict)) return undefined;
  return normal.keys().find((k) => k !== N.Off && (nameText(k) === wanted || k.asString() === `/${wanted}`));
}

/**
 * Check box / radio group: set /V and every widget's /AS. Works for several widgets with different
 * on-states (pdf-lib's check() only knows the first widget's on-value). Returns false when the
 * state has no appearance (the caller draws a tick instead).
 */
function setButtonState(field: PDFCheckBox | PDFRadioGroup, onValue: string | null): boolean {
  const widgets = field.acroField.getWidgets();
  let value: PDFName = N.Off;
  if (onValue !== null) {
    for (const w of widgets) {
      const state = findState(w, onValue);
      if (state) {
        value = state;
        break;
      }
    }
    if (value === N.Off) value = PDFName.of(onValue);
  }
  field.acroField.dict.set(PDFName.of('V'), value);
  let shown = onValue === null;
  for (const w of widgets) {
    const has = value !== N.Off && findState(w, nameText(value)) !== undefined;
    w.setAppearanceState(has ? value : N.Off);
    if (has) shown = true;
  }
  return shown;
}

/**
 * The on-state to select for an item: the binding's value when a widget has that state; else the
 * state of the /Opt entry with that export value (radio groups with /Opt name states "0", "1", ...);
 * else the on-state of the bound widget itself.
 */
function onValueOf(item: RenderField, field: PDFCheckBox | PDFRadioGroup): string | null {
  const widgets = field.acroField.getWidgets();
  const own = widgets[item.acroform?.widgetIndex ?? 0];
  const value = item.acroform?.value;
  if (value) {
    if (own ? findState(own, value) : widgets.some((w) => findState(w, value))) return value;
    const opt = field.acroField.dict.lookupMaybe(PDFName.of('Opt'), PDFArray);
    for (let k = 0; opt && k < opt.size(); k++) {
      const entry = opt.lookup(k);
      const text = entry instanceof PDFString || entry instanceof PDFHexString ? entry.decodeText() : undefined;
      if (text === value && widgets.some((w) => findState(w, String(k)))) return String(k);
    }
  }
  const on = own?.getOnValue();
  if (on) return nameText(on);
  return value ?? 'Yes';
}

function widgetsOf(field: PDFField, items: RenderField[]): PDFDict[] {
  const widgets = field.acroField.getWidgets();
  return items.map((i) => widgets[i.acroform?.widgetIndex ?? 0]?.dict).filter((d): d is PDFDict => d !== undefined);
}

/** A text widget's text; a tick box the form made as a small text field holds an X when ticked. */
const textOf = (i: RenderField, answers: Answers): string | null =>
  isChoiceKind(i.kind) ? (isTicked(answers[i.fieldId]) ? 'X' : null) : displayText(i.kind, answers[i.fieldId]);

function fillText(
  doc: PDFDocument,
  field: PDFTextField,
  items: RenderField[],
  answers: Answers,
  font: PDFFont,
  out: FillResult,
): void {
  const item = items.find((i) => textOf(i, answers) !== null);
  if (!item) return;
  let text = textOf(item, answers) ?? '';
  const maxLength = field.getMaxLength();
  if (maxLength !== undefined && maxLength > 0) text = fitToLength(text, maxLength);
  if (!field.isMultiline()) text = text.replace(/\n+/g, ' ');
  try {
    if (!drawTextFieldAppearances(doc, field, text, font, out.daCache)) {
      // A rotated widget (/MK /R): pdf-lib's own appearance.
      field.setText(text);
      field.updateAppearances(font);
    }
  } catch {
    for (const i of items) out.fallbacks.push({ field: i, draw: 'text', text });
    for (const w of widgetsOf(field, items)) out.skipWidgets.add(w);
  }
}

function fillButton(field: PDFCheckBox | PDFRadioGroup, items: RenderField[], answers: Answers, out: FillResult): void {
  const ticked = items.filter((i) => isTicked(answers[i.fieldId]));
  const unticked = items.filter((i) => isExplicitlyUnticked(answers[i.fieldId]));
  if (ticked.length === 0 && unticked.length === 0) return;
  const target = ticked.length > 0 ? onValueOf(ticked[0], field) : null;
  let shown = false;
  try {
    shown = setButtonState(field, target);
  } catch {
    shown = false;
  }
  if (!shown && ticked.length > 0) {
    out.fallbacks.push({ field: ticked[0], draw: 'check' });
    for (const w of widgetsOf(field, ticked.slice(0, 1))) out.skipWidgets.add(w);
  }
}

function fillChoice(
  doc: PDFDocument,
  field: PDFDropdown | PDFOptionList,
  items: RenderField[],
  answers: Answers,
  font: PDFFont,
  out: FillResult,
): void {
  const options = field.getOptions();
  const pick = (v: string): string => options.find((o) => o === v) ?? options.find((o) => o.trim() === v.trim()) ?? v;
  const chosen: string[] = [];
  for (const i of items) {
    const a = answers[i.fieldId];
    if (typeof a === 'string' && !isChoiceKind(i.kind)) {
      const t = displayText(i.kind, a);
      if (t !== null) chosen.push(pick(t));
    } else if (isTicked(a)) {
      const v = i.acroform?.value ?? i.choiceLabel ?? i.label;
      if (v) chosen.push(pick(v));
    }
  }
  if (chosen.length === 0) return;
  try {
    if (field instanceof PDFDropdown) {
      field.select(chosen[0]);
      // Drawn as pdf-lib's dropdown provider would (text-appearance.ts); a rotated widget is left to pdf-lib.
      if (drawTextFieldAppearances(doc, field, field.getSelected()[0] ?? '', font, out.daCache)) return;
    } else field.select(chosen.filter((c) => options.includes(c)));
    field.updateAppearances(font);
  } catch {
    const text = chosen.join(', ');
    for (const i of items.slice(0, 1)) out.fallbacks.push({ field: i, draw: 'text', text });
    for (const w of widgetsOf(field, items)) out.skipWidgets.add(w);
  }
}

/**
 * Fills the fields bound to the PDF's own AcroForm. Appearances are regenerated only for the fields
 * we change (with our font); a field whose appearance cannot be made becomes a fallback that is
 * drawn directly in its rect. Bindings to fields that do not exist are drawn flat as well.
 */
export function fillAcroForm(doc: PDFDocument, bound: RenderField[], answers: Answers, font: PDFFont): FillResult {
  const out: FillResult = { fallbacks: [], skipWidgets: new Set(), daCache: new Map() };
  const acroForm = doc.catalog.getAcroForm();
  // pdf-lib cannot write XFA and warns on the console when it finds it: drop it ourselves.
  acroForm?.dict.delete(N.XFA);
  const form = doc.getForm();
  const byName = new Map<string, PDFField>();
  for (const f of form.getFields()) byName.set(f.getName(), f);

  const groups = new Map<string, RenderField[]>();
  for (const item of bound) {
    const name = item.acroform?.fieldName ?? '';
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }

  for (const [name, items] of groups) {
    const field = byName.get(name);
    if (!field) {
      for (const i of items) {
        const a = answers[i.fieldId];
        const text = displayText(i.kind, a);
        if (isChoiceKind(i.kind) && isTicked(a)) out.fallbacks.push({ field: i, draw: 'check' });
        else if (text !== null) out.fallbacks.push({ field: i, draw: 'text', text });
      }
      continue;
    }
    try {
      if (field instanceof PDFTextField) fillText(doc, field, items, answers, font, out);
      else if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) fillButton(field, items, answers, out);
      else if (field instanceof PDFDropdown || field instanceof PDFOptionList)
        fillChoice(doc, field, items, answers, font, out);
      // Push buttons and signature fields: nothing to fill (signature images are drawn by the caller).
    } catch {
      // Never fail the whole render for one field.
    }
  }
  return out;
}

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

/** Draws a widget's appearance where a viewer would (PDF 32000-1 12.5.5). */
function drawWidget(
  doc: PDFDocument,
  widget: PDFDict,
  xobjectKey: () => PDFName,
  stream: PDFStream,
  ops: ContentBuilder,
): void {
  const rect = numbers(doc, widget.lookupMaybe(N.Rect, PDFArray), 4);
  const bbox = numbers(doc, stream.dict.lookupMaybe(N.BBox, PDFArray), 4);
  if (!rect || !bbox) return;
  const m = numbers(doc, stream.dict.lookupMaybe(N.Matrix, PDFArray), 6) ?? [1, 0, 0, 1, 0, 0];
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
  if (bx2 - bx1 < 1e-6 || by2 - by1 < 1e-6 || rx2 - rx1 < 1e-6 || ry2 - ry1 < 1e-6) return;
  const sx = (rx2 - rx1) / (bx2 - bx1);
  const sy = (ry2 - ry1) / (by2 - by1);
  if (!stream.dict.has(N.Subtype)) stream.dict.set(N.Subtype, N.Form);
  ops
    .op('q')
    .op('cm', sx, 0, 0, sy, rx1 - bx1 * sx, ry1 - by1 * sy)
    .op('Do', xobjectKey())
    .op('Q');
}

/**
 * Flattens the interactive form: every visible widget's current appearance is drawn into its page
 * (hidden / no-view widgets and push buttons are dropped), widget annotations are removed, and the
 * AcroForm goes from the catalog together with document-level scripts that would address fields
 * that no longer exist. One pass over the pages' /Annots; no field tree walk.
 */
export function flattenForm(doc: PDFDocument, skipWidgets: ReadonlySet<PDFDict>): void {
  for (const page of doc.getPages()) {
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
