/** Field kinds from label text. */
import type { FieldKind } from './field-map';

export function isDateText(s: string): boolean {
  if (/\b(place|country|city|state|county|town) of birth\b/i.test(s) || /\bbirth\s*(place|country|city)\b/i.test(s))
    return false;
  return (
    /\b(date|dob|d\.o\.b|birth|birthday|birthdate|mm\s*\/\s*dd|dd\s*\/\s*mm|yyyy)\b/i.test(s) || /date(?!d)/i.test(s)
  );
}

export function isSignatureText(s: string): boolean {
  return /\bsign(ature|ed)?\b/i.test(s) && !/\b(date|print|printed|name of|title|typed)\b/i.test(s);
}

/** Kind of a text-like field from its label (and a hint printed near it). */
export function textKind(label: string, hint = ''): FieldKind {
  const s = `${label} ${hint}`;
  if (isSignatureText(label)) return 'signature';
  if (/\b(mm|dd)\s*\/\s*(dd|mm)\s*\/\s*(yy|yyyy)\b/i.test(hint)) return 'date';
  if (isDateText(label) && !/\b(age|how long|number|years)\b/i.test(label)) return 'date';
  if (/\be-?mail\b/i.test(s)) return 'email';
  if (/\b(phone|telephone|fax|mobile|cell)\b/i.test(label) && !/\b(company|carrier|name)\b/i.test(label))
    return 'phone';
  if (/^\s*initials?\b/i.test(label)) return 'initials';
  if (
    /^\s*(age|height|weight|number of|how many|zip|zip code|postal code|# of)\b/i.test(label) ||
    /\((lbs|kg|cm|in)\)/i.test(label)
  )
    return 'number';
  return 'text';
}

export type ChoiceMode = 'one' | 'many' | 'unknown';

/** Whether a question's wording or options says one answer or several. */
export function choiceMode(prompt: string, instruction: string, options: string[], marker: string): ChoiceMode {
  const text = `${prompt} ${instruction}`;
  if (
    /(all that apply|check all|select all|mark all|check any|check each|any that apply|tick all|circle all)/i.test(text)
  )
    return 'many';
  if (marker === 'circle' || marker === 'paren') return 'one';
  if (marker === 'bracket') return 'many';
  const lower = options.map((o) => o.toLowerCase().trim());
  if (lower.some((o) => /^(yes|no)\b/.test(o))) return 'one';
  if (lower.includes('male') || lower.includes('female')) return 'one';
  if (lower.every((o) => /^\d+$/.test(o))) return 'one';
  if (lower.some((o) => /^(never|rarely|sometimes|often|always|daily|weekly|monthly|not at all|several days)/.test(o)))
    return 'one';
  if (/(check one|select one|choose one|pick one|circle one|mark one)/i.test(text)) return 'one';
  return 'unknown';
}
