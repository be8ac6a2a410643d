/**
 * AcroForm detector: every visible widget of every field becomes a field, read from the PDF's own form.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import type { DetectedField, FieldKind, Rect } from '../shared/field-map';
import { isDateText } from './kinds';
import { boxH, boxW, intersects, iou, rectBox, type Box } from './layout/types';
import { unreadable } from './pdf-document';

const N = (s: string): PDFName => PDFName.of(s);
const str = (v: PDFObject | undefined): string | undefined =>
  v instanceof PDFString || v instanceof PDFHexString || v instanceof PDFName ? v.decodeText() : undefined;
const num = (v: PDFObject | undefined): number | undefined => (v instanceof PDFNumber ? v.asNumber() : undefined);

/** The dictionary and its /Parent chain, nearest first (at most 64: a malformed PDF may loop). */
function lineage(dict: PDFDict): PDFDict[] {
  const out: PDFDict[] = [];
  for (let d: PDFObject | undefined = dict; d instanceof PDFDict && out.length < 64; d = d.lookup(N('Parent')))
    out.push(d);
  return out;
}

const inherited = (dict: PDFDict, key: string): PDFObject | undefined =>
  lineage(dict)
    .map((d) => d.lookup(N(key)))
    .find((v) => v !== undefined);

const fullName = (dict: PDFDict): string =>
  lineage(dict)
    .map((d) => str(d.lookup(N('T'))))
    .filter((t) => t !== undefined)
    .reverse()
    .join('.');

function jsSource(v: PDFObject | undefined): string {
  const code = v instanceof PDFDict ? v.lookup(N('JS')) : undefined;
  if (code instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(code).decode()).toString('latin1');
  return str(code) ?? '';
}

function formatScript(w: PDFDict): string {
  const aa = lineage(w)
    .map((d) => d.lookup(N('AA')))
    .find((v) => v instanceof PDFDict);
  return aa instanceof PDFDict ? `${jsSource(aa.lookup(N('F')))}\n${jsSource(aa.lookup(N('K')))}` : '';
}

function onState(w: PDFDict): string | undefined {
  const ap = w.lookup(N('AP'));
  if (!(ap instanceof PDFDict)) return undefined;
  for (const key of ['N', 'D']) {
    const sub = ap.lookup(N(key));
    if (sub instanceof PDFDict) for (const k of sub.keys()) if (k.decodeText() !== 'Off') return k.decodeText();
  }
  return undefined;
}

function options(w: PDFDict): Array<{ value: string; label: string }> {
  const opt = inherited(w, 'Opt');
  if (!(opt instanceof PDFArray)) return [];
  return Array.from({ length: opt.size() }, (_, i) => {
    const o = opt.lookup(i);
    // An option is its export value and its text, or one string for both.
    const [value, label] =
      o instanceof PDFArray ? [str(o.lookup(0)), str(o.lookup(1)) ?? str(o.lookup(0))] : [str(o), str(o)];
    return { value: value ?? '', label: label ?? '' };
  });
}

export interface AcroWidget {
  field: DetectedField;
  /** Fully qualified field name. */
  name: string;
  /** The field's /TU as written (may be "undefined" or the field name: see acroform-cues.ts). */
  tooltip?: string;
  type: 'Tx' | 'Sig' | 'Btn' | 'Ch';
  /** Check box / radio: the widget's on-state name. */
  onState?: string;
  /** Check box / radio: the /Opt text standing for this widget (its export value). */
  optionText?: string;
  /** The field's format script says it holds a date. */
  dateFormat: boolean;
}

export interface AcroFormRead {
  /** Empty when the PDF has no AcroForm. */
  widgets: AcroWidget[];
  warnings: string[];
}

/** Reads the widgets of an AcroForm. Labels come from the printed page (acroform-page.ts). */
export async function readAcroForm(bytes: Uint8Array): Promise<AcroFormRead> {
  const lenient = { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false };
  const doc = await PDFDocument.load(bytes, lenient).catch((e: unknown) => Promise.reject(unreadable(e)));
  const warnings: string[] = [];
  const acro = doc.catalog.lookup(N('AcroForm'));
  if (!(acro instanceof PDFDict)) return { widgets: [], warnings };
  if (acro.lookup(N('XFA')) !== undefined)
    warnings.push('The XFA form data was ignored; the AcroForm fields were used');
  const out: AcroWidget[] = [];
  // A widget listed on two pages (one object behind both references) is read once.
  const seen = new Set<PDFObject>();
  let sawJs = false;
  doc.getPages().forEach((page, pageIndex) => {
    const annots = page.node.lookup(N('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const { x, y, width, height } = page.getCropBox();
    const crop: Box = { x1: x, y1: y, x2: x + width, y2: y + height };
    for (let i = 0; i < annots.size(); i++) {
      const w = annots.lookup(i);
      if (!(w instanceof PDFDict) || str(w.lookup(N('Subtype'))) !== 'Widget' || seen.has(w)) continue;
      seen.add(w);
      sawJs ||= formatScript(w).trim() !== '';
      const r = w.lookup(N('Rect'));
      const box = rectBox(r instanceof PDFArray ? [0, 1, 2, 3].map((k) => num(r.lookup(k)) ?? 0) : [0, 0, 0, 0]);
      if (boxW(box) < 2 || boxH(box) < 2 || !intersects(box, crop)) continue;
      if (out.some((o) => o.field.page === pageIndex + 1 && iou(rectBox(o.field.rect), box) >= 0.9)) continue;
      out.push(...widgetsOf(w, pageIndex + 1, [box.x1, box.y1, box.x2, box.y2]));
    }
  });
  const co = acro.lookup(N('CO'));
  if (sawJs || (co instanceof PDFArray && co.size() > 0)) warnings.push('JavaScript actions were ignored');
  return { widgets: out, warnings };
}

const TYPES = new Set(['Tx', 'Sig', 'Btn', 'Ch']);

/** The fields of one visible widget: one, or one per option of a drop-down or list. */
function widgetsOf(w: PDFDict, page: number, rect: Rect): AcroWidget[] {
  const ft = str(inherited(w, 'FT'));
  const ff = num(inherited(w, 'Ff')) ?? 0;
  const flags = num(w.lookup(N('F'))) ?? 0;
  if (!ft || !TYPES.has(ft)) return [];
  if (ft === 'Btn' && ff & (1 << 16)) return []; // push button
  if (flags & (2 | 32)) return []; // hidden / NoView
  const type = ft as AcroWidget['type'];
  const name = fullName(w);
  // A widget without /T is one of its field's /Kids: its index there binds it.
  const parent = w.lookup(N('T')) === undefined ? w.lookup(N('Parent')) : undefined;
  const kids = parent instanceof PDFDict ? parent.lookup(N('Kids')) : undefined;
  const siblings = kids instanceof PDFArray ? Array.from({ length: kids.size() }, (_, k) => kids.lookup(k)) : [];
  const widgetIndex = Math.max(0, siblings.lastIndexOf(w));
  const tooltip = str(inherited(w, 'TU'))?.trim() || undefined;
  const base = { page, rect, required: Boolean(ff & 2), confidence: 1, questionKey: null, choiceLabel: null };
  const binding = { fieldName: name, widgetIndex };
  const dateFormat = type === 'Tx' && /AFDate_/.test(formatScript(w));
  const widget = (kind: FieldKind, over: Partial<DetectedField> = {}, extra: Partial<AcroWidget> = {}): AcroWidget => ({
    field: { ...base, kind, label: tooltip ?? '', prompt: tooltip ?? '', acroform: binding, ...over },
    name,
    tooltip,
    type,
    dateFormat,
    ...extra,
  });
  if (type === 'Sig') return [widget('signature')];
  const opts = options(w);
  if (type === 'Btn') {
    const value = onState(w);
    // A radio button, or one of check boxes sharing a name: an option of one question.
    const kind: FieldKind = ff & (1 << 15) || siblings.length > 1 ? 'select_one' : 'checkbox';
    // /Opt holds one export value per widget; on-states are then often their indexes ("0", "1", ...).
    const index =
      value !== undefined && /^\d+$/.test(value) && Number(value) < opts.length ? Number(value) : widgetIndex;
    const group = { choiceLabel: value ?? null, questionKey: `acro:${name}`, label: value ?? '' };
    const over = { ...(kind !== 'checkbox' ? group : {}), acroform: { ...binding, value } };
    return [widget(kind, over, { onState: value, optionText: opts[index]?.label || undefined })];
  }
  if (type === 'Ch' && opts.length > 0) {
    const kind = !(ff & (1 << 17)) && ff & (1 << 21) ? 'select_many' : 'select_one';
    return opts.map(({ label, value }) =>
      widget(kind, { label, choiceLabel: label, questionKey: `acro:${name}`, acroform: { ...binding, value } }),
    );
  }
  if (type === 'Ch') return [widget('text')];
  const isDate = dateFormat || isDateText(`${name.split('.').pop() ?? ''} ${tooltip ?? ''}`);
  const maxLen = num(inherited(w, 'MaxLen'));
  const f = widget(isDate ? 'date' : 'text');
  if (maxLen !== undefined) f.field.maxLength = maxLen;
  if (ff & (1 << 24) && maxLen !== undefined) f.field.combCells = maxLen;
  if (ff & (1 << 12)) f.field.multiline = true;
  return [f];
}
