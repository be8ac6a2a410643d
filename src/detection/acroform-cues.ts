/**
 * A fillable form's own words as weak cues: tooltips, export values and field names made by form tools ("undefined",
 * "Check Box3", "0", "Off", "f1_01[0]", "Other [1]") are not labels; e-sign roles and date format scripts say a field's
 * kind. The printed page comes first (acroform-page.ts); these fill in the rest (`widgetField`, `radioPrompts`).
 */
import type { AcroWidget } from './acroform';
import type { DetectedField, FieldKind } from '../shared/field-map';
import { isDateText, isSignatureText } from './kinds';
import { groupBy } from './reading-order';

const compact = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\[\d+\]/g, '')
    .replace(/[^a-z0-9]+/g, '');

/** Names form tools generate: "Text1", "Check Box 3", "Group2", "Choice1", "f1_01", "c1_1[0]", "Field 12". */
export function isMechanicalName(s: string): boolean {
  const t = s.replace(/\[\d+\]/g, '').trim();
  return (
    t === '' ||
    /^(text|text ?field|check ?box|radio( ?button)?|group|choice|button|field|combo ?box|list ?box|drop ?down|fill|untitled|undefined|form)[\s_#-]*\d*$/i.test(
      t,
    ) ||
    /^[a-z]{0,3}\d+([_.-]\d+)*[a-z]?$/i.test(t) ||
    /^\W*$/.test(t)
  );
}

/** The tooltip when it is a real description: not empty, "undefined", the field's own name or a tool's name. */
export function meaningfulTooltip(tip: string | undefined, fieldName: string): string | undefined {
  const t = tip?.trim();
  if (!t || /^(undefined|null|none|n\/a|tooltip|\[object object\])$/i.test(t)) return undefined;
  // A tool's copy index ("Other [1]", "Name[0]"): one tooltip pasted on many widgets.
  if (/\[\d+\]\s*$/.test(t)) return undefined;
  const last = fieldName.split('.').pop() ?? fieldName;
  return [last, fieldName].some((n) => compact(n) === compact(t)) || isMechanicalName(t) ? undefined : t;
}

/** An export value or on-state name that says something ("Married"), not "0", "1", "On", "Off", "Yes". */
export function meaningfulExport(v: string | undefined): string | undefined {
  const t = v?.trim();
  const generic = !t || /^(\d+|on|off|yes|true|false|x|choice ?\d*|option ?\d*|opt ?\d*|v\d+|value ?\d*)$/i.test(t);
  return generic || isMechanicalName(t) ? undefined : t;
}

/**
 * Words of a field's own name (last part, e-sign suffix dropped, camelCase and underscores split):
 * "PatientName" -> "Patient Name". Empty for names a tool made up, unless `raw` (kind cues still count).
 */
export function nameWords(fieldName: string, raw = false): string {
  const last = (fieldName.split('.').pop() ?? fieldName).replace(/\[\d+\]/g, '').replace(/_es_.*$/i, '');
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/[_\s-]+/g, ' ')
    .trim();
  if (raw) return words;
  if (isMechanicalName(last) || isMechanicalName(words)) return '';
  // "Signature1", "Date2": a tool's counter glued to a word.
  return /[A-Za-z]\d+$/.test(last) ? words.replace(/\s\d+$/, '') : words;
}

/**
 * Kind of a text widget: its e-sign role (`Signature1_es_:signer:signature`), its format script, the kind its
 * printed label gives (the layout's), else signature / date / email words in its own name or tooltip.
 */
export function widgetTextKind(w: AcroWidget, printed: FieldKind): FieldKind {
  const role = /_es_:[^:]*:([a-z]+)/i.exec(w.name)?.[1]?.toLowerCase();
  if (role === 'signature' || role === 'initials' || role === 'email') return role;
  if (role === 'date' || role === 'signdate' || role === 'datesigned' || w.dateFormat) return 'date';
  if (w.type === 'Sig') return 'signature';
  if (printed !== 'text') return printed;
  const own = `${nameWords(w.name, true)} ${w.tooltip ?? ''}`;
  if (/\b(initials?|iniciales)\b/i.test(own) && !/\b(date|name|print)/i.test(own)) return 'initials';
  if (isSignatureText(own)) return 'signature';
  if (isDateText(own)) return 'date';
  if (/\b(e-?mail|correo)\b/i.test(own)) return 'email';
  return 'text';
}

/** The widget's field: its box, binding and form facts, with the meaning the page printed for it. */
export function widgetField(w: AcroWidget, tick: boolean, printed: DetectedField | undefined): DetectedField {
  const f: DetectedField = { ...w.field };
  const tip = meaningfulTooltip(w.tooltip, w.name);
  const own = tip || nameWords(w.name);
  // A text widget the page reads as an option (a cell of a grid headed by answers) is ticked too.
  const option = printed?.kind === 'select_one' || printed?.kind === 'select_many';
  f.required ||= printed?.required ?? false;
  if (w.type === 'Btn' || tick || (w.type === 'Tx' && option)) {
    const value = meaningfulExport(w.optionText) || meaningfulExport(w.onState);
    f.mark = 'check';
    if (f.questionKey) {
      // A radio group (or check boxes sharing a name): the PDF says these are one question.
      f.choiceLabel = printed?.choiceLabel || printed?.label || value || '';
      f.label = f.choiceLabel;
      f.prompt = printed?.prompt ?? '';
    } else if (printed && option) {
      Object.assign(f, { kind: printed.kind, questionKey: printed.questionKey, prompt: printed.prompt });
      f.label = printed.label || value || '';
      f.choiceLabel = f.label;
    } else {
      f.kind = 'checkbox';
      f.label = printed?.label || tip || value || own;
      f.prompt = printed?.label ? printed.prompt || f.label : f.label;
    }
    if (printed?.labelFromAfar) f.labelFromAfar = true;
    return f;
  }
  const label = printed?.label || own;
  if (f.choiceLabel === null) f.label = label;
  f.prompt = (printed?.label && printed.prompt) || label;
  if (f.kind === 'text' || f.kind === 'date') f.kind = widgetTextKind(w, printed?.kind ?? 'text');
  return f;
}

/** A radio group's question: the prompt most of its options were printed under, else the author's words. */
export function radioPrompts(fields: DetectedField[], widgets: AcroWidget[]): void {
  for (const [key, opts] of groupBy(fields, (f) => (f.questionKey?.startsWith('acro:') ? f.questionKey : null))) {
    // Ties go to the prompt met first (groupBy keeps that order; the sort is stable).
    const best = [...groupBy(opts, (o) => o.prompt || null)].sort((a, b) => b[1].length - a[1].length)[0]?.[0];
    const w = widgets.find((x) => x.field.questionKey === key);
    const prompt = best || (w ? meaningfulTooltip(w.tooltip, w.name) || nameWords(w.name) : '');
    for (const o of opts) o.prompt = prompt;
  }
}
