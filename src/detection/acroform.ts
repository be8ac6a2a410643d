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
  PDFRef,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import type { DetectedField, FieldKind, Rect } from './field-map';
import { isDateText } from './kinds';
import { iou, rectBox } from './layout/types';

const N = (s: string): PDFName => PDFName.of(s);
const str = (v: PDFObject | undefined): string | undefined =>
  v instanceof PDFString || v instanceof PDFHexString
    ? v.decodeText()
    : v instanceof PDFName
      ? v.decodeText()
      : undefined;
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

/** The field dictionary of a widget: itself when it has /T, else its parent. */
function fieldDictOf(w: PDFDict): PDFDict {
  if (w.lookup(N('T')) !== undefined) return w;
  const p = w.lookup(N('Parent'));
  return p instanceof PDFDict ? p : w;
}

function fullName(dict: PDFDict): string {
  const parts = lineage(dict).map((d) => str(d.lookup(N('T'))));
  return parts
    .filter((t) => t !== undefined)
    .reverse()
    .join('.');
}

function jsSource(v: PDFObject | undefined): string {
  if (!(v instanceof PDFDict)) return '';
  const code = v.lookup(N('JS'));
  const s = str(code);
  if (s !== undefined) return s;
  if (code instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(code).decode()).toString('latin1');
  return '';
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
  const out: Array<{ value: string; label: string }> = [];
  for (let i = 0; i < opt.size(); i++) {
    const o = opt.lookup(i);
    if (o instanceof PDFArray)
      out.push({ value: str(o.lookup(0)) ?? '', label: str(o.lookup(1)) ?? str(o.lookup(0)) ?? '' });
    else out.push({ value: str(o) ?? '', label: str(o) ?? '' });
  }
  return out;
}

export interface AcroWidget {
  field: Omit<DetectedField, 'label' | 'prompt'> & { label: string; prompt: string };
  /** Fully qualified field name. */
  name: string;
  /** The field's /TU as written (may be "undefined" or the field name: see acroform-cues.ts). */
  tooltip?: string;
  /** AcroForm field type. */
  type: 'Tx' | 'Sig' | 'Btn' | 'Ch';
  /** Check box / radio: the widget's on-state name. */
  onState?: string;
  /** Check box / radio: the /Opt text standing for this widget (its export value). */
  optionText?: string;
  /** The field's format script says it holds a date. */
  dateFormat: boolean;
}

export interface AcroFormRead {
  hasForm: boolean;
  widgets: AcroWidget[];
  warnings: string[];
}

/** Reads the widgets of an AcroForm. Labels come from tooltips here; callers fill in the rest. */
export async function readAcroForm(bytes: Uint8Array): Promise<AcroFormRead> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch (e) {
    throw new Error(`Cannot read the PDF: ${e instanceof Error ? e.message : String(e)}`);
  }
  const warnings: string[] = [];
  const acro = doc.catalog.lookup(N('AcroForm'));
  if (!(acro instanceof PDFDict)) return { hasForm: false, widgets: [], warnings };
  if (acro.lookup(N('XFA')) !== undefined)
    warnings.push('The XFA form data was ignored; the AcroForm fields were used');
  const pages = doc.getPages();
  const out: AcroWidget[] = [];
  const seen = new Set<string>();
  let sawJs = false;
  pages.forEach((page, pageIndex) => {
    const annots = page.node.lookup(N('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const { x: cx, y: cy, width: cw, height: ch } = page.getCropBox();
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      const w = annots.lookup(i);
      if (!(w instanceof PDFDict) || str(w.lookup(N('Subtype'))) !== 'Widget') continue;
      const key = ref instanceof PDFRef ? ref.tag : `${pageIndex}:${i}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!sawJs && formatScript(w).trim() !== '') sawJs = true;
      const ft = str(inherited(w, 'FT'));
      const ff = num(inherited(w, 'Ff')) ?? 0;
      const flags = num(w.lookup(N('F'))) ?? 0;
      const r = w.lookup(N('Rect'));
      const raw = r instanceof PDFArray ? [0, 1, 2, 3].map((k) => num(r.lookup(k)) ?? 0) : [0, 0, 0, 0];
      const { x1, y1, x2, y2 } = rectBox(raw);
      const rect: Rect = [x1, y1, x2, y2];
      if (!ft) continue;
      if (ft === 'Btn' && ff & (1 << 16)) continue; // push button
      if (flags & (2 | 32)) continue; // hidden / NoView
      if (rect[2] - rect[0] < 2 || rect[3] - rect[1] < 2) continue;
      if (rect[2] <= cx || rect[0] >= cx + cw || rect[3] <= cy || rect[1] >= cy + ch) continue;
      if (out.some((o) => o.field.page === pageIndex + 1 && iou(rectBox(o.field.rect), rectBox(rect)) >= 0.9)) continue;
      const fieldDict = fieldDictOf(w);
      const name = fullName(w);
      const kids = fieldDict === w ? undefined : fieldDict.lookup(N('Kids'));
      let widgetIndex = 0;
      if (kids instanceof PDFArray) {
        for (let k = 0; k < kids.size(); k++) if (kids.lookup(k) === w) widgetIndex = k;
      }
      const tooltip = str(inherited(w, 'TU'))?.trim() || undefined;
      const required = Boolean(ff & 2);
      const base = { page: pageIndex + 1, rect, required, confidence: 1, questionKey: null, choiceLabel: null };
      const binding = { fieldName: name, widgetIndex };
      const label = tooltip ?? '';
      const type = ft === 'Tx' || ft === 'Sig' || ft === 'Btn' || ft === 'Ch' ? ft : undefined;
      if (!type) continue;
      const dateFormat = type === 'Tx' && /AFDate_/.test(formatScript(w));
      const push = (f: AcroWidget['field'], extra: Partial<AcroWidget> = {}): void => {
        out.push({ field: f, name, tooltip, type, dateFormat, ...extra });
      };
      const field = (kind: FieldKind, over: Partial<AcroWidget['field']> = {}): AcroWidget['field'] => ({
        ...base,
        kind,
        label,
        prompt: label,
        acroform: binding,
        ...over,
      });
      if (ft === 'Tx') {
        const isDate = dateFormat || isDateText(`${name.split('.').pop() ?? ''} ${tooltip ?? ''}`);
        const maxLen = num(inherited(w, 'MaxLen'));
        const f = field(isDate ? 'date' : 'text');
        if (maxLen !== undefined) f.maxLength = maxLen;
        if (ff & (1 << 24) && maxLen !== undefined) f.combCells = maxLen;
        if (ff & (1 << 12)) f.multiline = true;
        push(f);
      } else if (ft === 'Sig') {
        push(field('signature'));
      } else if (ft === 'Btn') {
        const value = onState(w);
        const radio = Boolean(ff & (1 << 15));
        const shared = kids instanceof PDFArray && kids.size() > 1;
        const kind: FieldKind = radio || shared ? 'select_one' : 'checkbox';
        const grouped = kind !== 'checkbox';
        const opts = options(w);
        // /Opt holds one export value per widget; on-states are then often their indexes ("0", "1", ...).
        const index =
          value !== undefined && /^\d+$/.test(value) && Number(value) < opts.length ? Number(value) : widgetIndex;
        const optionText = opts[index]?.label || undefined;
        const group = { choiceLabel: value ?? null, questionKey: `acro:${name}`, label: value ?? '' };
        push(field(kind, { ...(grouped ? group : {}), acroform: { ...binding, value } }), {
          onState: value,
          optionText,
        });
      } else if (ft === 'Ch') {
        const opts = options(w);
        const multi = !(ff & (1 << 17)) && Boolean(ff & (1 << 21));
        if (opts.length === 0) {
          push(field('text'));
        } else {
          const kind = multi ? 'select_many' : 'select_one';
          for (const o of opts) {
            const option = { label: o.label, choiceLabel: o.label, questionKey: `acro:${name}` };
            push(field(kind, { ...option, acroform: { ...binding, value: o.value } }));
          }
        }
      }
    }
  });
  if (sawJs || scriptsIn(acro)) warnings.push('JavaScript actions were ignored');
  return { hasForm: true, widgets: out, warnings };
}

function scriptsIn(acro: PDFDict): boolean {
  const co = acro.lookup(N('CO'));
  return co instanceof PDFArray && co.size() > 0;
}
