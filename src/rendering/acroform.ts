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
  PDFOptionList,
  PDFRadioGroup,
  PDFString,
  PDFTextField,
} from 'pdf-lib';
import type { PDFWidgetAnnotation } from 'pdf-lib';
import { drawTextFieldAppearances, type DaCache, type InlineAppearances } from './text-appearance';
import type { RenderField } from './types';
import { displayText, fitToLength, isChoiceKind, isExplicitlyUnticked, isTicked } from './values';

const N = {
  XFA: PDFName.of('XFA'),
  Off: PDFName.of('Off'),
};

/** Something the form could not show by itself: drawn on the page like a flat field instead. */
export type Fallback = { field: RenderField; draw: 'text'; text: string } | { field: RenderField; draw: 'check' };

export interface FillResult {
  fallbacks: Fallback[];
  /** The default appearances read so far (see text-appearance.ts). */
  daCache: DaCache;
  /** Widgets whose own appearance must not be flattened (their value is drawn as a fallback). */
  skipWidgets: Set<PDFDict>;
  /** Filled widgets' appearances, drawn into their pages by flattenForm. */
  inline: InlineAppearances;
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

function fillText(field: PDFTextField, items: RenderField[], answers: Answers, font: PDFFont, out: FillResult): void {
  const item = items.find((i) => textOf(i, answers) !== null);
  if (!item) return;
  let text = textOf(item, answers) ?? '';
  const maxLength = field.getMaxLength();
  if (maxLength !== undefined && maxLength > 0) text = fitToLength(text, maxLength);
  if (!field.isMultiline()) text = text.replace(/\n+/g, ' ');
  try {
    if (!drawTextFieldAppearances(field, text, font, out.daCache, out.inline)) {
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
      if (drawTextFieldAppearances(field, field.getSelected()[0] ?? '', font, out.daCache, out.inline)) return;
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
  const out: FillResult = { fallbacks: [], skipWidgets: new Set(), daCache: new Map(), inline: new Map() };
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
      if (field instanceof PDFTextField) fillText(field, items, answers, font, out);
      else if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) fillButton(field, items, answers, out);
      else if (field instanceof PDFDropdown || field instanceof PDFOptionList)
        fillChoice(field, items, answers, font, out);
      // Push buttons and signature fields: nothing to fill (signature images are drawn by the caller).
    } catch {
      // Never fail the whole render for one field.
    }
  }
  return out;
}
