/**
 * Field kinds from label text, in English and Spanish. Each kind has one cue list so that both detectors
 * (layout and AcroForm) and the confidence stage read the same words.
 */
import { isChoiceKind, type FieldKind } from '../shared/field-map';

/** Accents folded and lower-cased, so "Teléfono" and "telefono" read alike. */
export const foldText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Word boundaries after folding (plain ASCII), so \b works for Spanish too.
const PLACE_OF_BIRTH =
  /\b(place|country|city|state|county|town) of birth\b|\bbirth\s*(place|country|city)\b|\b(lugar|pais|ciudad|estado) de nacimiento\b/;
const DATE_CUE =
  /\b(date|dob|d\.o\.b|birth|birthday|birthdate|mm\s*\/\s*dd|dd\s*\/\s*mm|yyyy|fecha|nacimiento|f\. ?nac|dd\s*\/\s*mm\s*\/\s*aaaa|aaaa|lmp|last menstrual period|first day of)\b/;
const DATE_HINT = /\b(mm|dd)\s*\/\s*(dd|mm)\s*\/\s*(yy|yyyy|aa|aaaa)\b/;
const NOT_A_DATE = /\b(age|how long|number|years|edad|cuanto tiempo|numero|anos)\b/;
const SIGNATURE_CUE = /\b(sign(ature|ed)?|firma|firmado)\b/;
const NOT_A_SIGNATURE =
  /\b(date|print|printed|name of|title|typed|why|reason|cannot|unable|fecha|nombre|letra de molde)\b/;
// An `@` printed in the label or splitting the blank ("______ @ ______") asks for an e-mail address.
const EMAIL_CUE = /\b(e-?mail|correo( electronico)?|email address)\b|@/;
const PHONE_CUE = /\b(phone|telephone|fax|mobile|cell|telefono|celular|movil|tel)\b/;
const NOT_A_PHONE = /\b(company|carrier|name|compania|nombre)\b/;
const INITIALS_CUE = /^\s*(initials?|iniciales?)\b/;
// A ZIP code or a height ("5' 10\"") is written as text: leading zeros, feet and inches.
const NUMBER_CUE =
  /^\s*(age|weight|number of|how many|# of|year|year quit|packs per day|live births|edad|peso|cuantos|cuantas|ano|cigarrillos)\b/;
const UNIT_CUE = /\((lbs|kg|cm|in)\)/;

// "Last exam", "Last X-rays", "Última visita": when an event last happened (not "Last name").
const LAST_EVENT =
  /\b(last|previous|ultim[oa]) (dental |eye |medical )?(exam|examen|visit|visita|x-?rays?|radiografias?|physical|check-?up|cleaning|limpieza|appointment|cita|tetanus|dose|dosis|vaccin\w*)\b/;

export function isDateText(s: string): boolean {
  const t = foldText(s);
  return !PLACE_OF_BIRTH.test(t) && (DATE_CUE.test(t) || /date(?!d)/.test(t) || LAST_EVENT.test(t));
}

export function isSignatureText(s: string): boolean {
  const t = foldText(s);
  return SIGNATURE_CUE.test(t) && !NOT_A_SIGNATURE.test(t);
}

/** Kind of a text-like field from its label (and a hint printed near it). */
export function textKind(label: string, hint = ''): FieldKind {
  const l = foldText(label);
  const s = `${l} ${foldText(hint)}`;
  if (isSignatureText(label)) return 'signature';
  if (DATE_HINT.test(foldText(hint))) return 'date';
  if (isDateText(label) && !NOT_A_DATE.test(l)) return 'date';
  if (EMAIL_CUE.test(s)) return 'email';
  if (PHONE_CUE.test(l) && !NOT_A_PHONE.test(l)) return 'phone';
  if (INITIALS_CUE.test(l)) return 'initials';
  if (NUMBER_CUE.test(l) || UNIT_CUE.test(l)) return 'number';
  return 'text';
}

/** The confidence stage's kind cue: 1 the label names this kind, -1 another specific kind, 0 neither. */
export function kindCue(kind: FieldKind, label: string): -1 | 0 | 1 {
  if (!label || isChoiceKind(kind)) return 0;
  const said = textKind(label);
  if (kind === 'text') return said === 'text' || said === 'number' ? 0 : -1;
  if (said === kind) return 1;
  return said === 'text' ? 0 : -1;
}

export type ChoiceMode = 'one' | 'many' | 'unknown';

const MANY_CUE =
  /(all that apply|check all|select all|mark all|check any|check each|any that apply|tick all|circle all|todas las que (apliquen|correspondan)|marque todas|seleccione todas|todo lo que corresponda)/;
const ONE_CUE =
  /(check one|select one|choose one|pick one|circle one|mark one|marque una|seleccione una|elija una|marque solo una|circule una)/;
const YES_NO = /^(yes|no|y|n|si|sí)\b/;
const FREQUENCY =
  /^(never|rarely|sometimes|often|always|daily|weekly|monthly|not at all|several days|nunca|a veces|casi nunca|frecuentemente|siempre|diario|semanal|mensual)/;
// Family history: several relatives may have had a condition. "Self" marks a pick-one relationship question.
const RELATIVES =
  /^(mother|father|sibling|siblings|brother|sister|grandparent|grandparents|grandmother|grandfather|aunt|uncle|madre|padre|hermano|hermana|hermanos|abuelo|abuela|abuelos|tio|tia)$/;
const PAST_PRESENT = new Set(['past', 'present', 'current', 'previous', 'pasado', 'presente', 'actual', 'anterior']);
const MARITAL = /^(single|married|divorced|widowed|separated|solter[oa]|casad[oa]|divorciad[oa]|viud[oa])$/;
const SEX = new Set(['male', 'female', 'masculino', 'femenino', 'hombre', 'mujer']);

/** Whether a question's wording or options says one answer or several. */
export function choiceMode(prompt: string, instruction: string, options: string[], marker: string): ChoiceMode {
  const cue = instructionMode(`${prompt} ${instruction}`);
  if (cue === 'many') return 'many';
  if (marker === 'circle' || marker === 'paren') return 'one';
  const lower = options.map((o) => foldText(o).trim());
  // In a grid of cells (a condition per row), "Self" is one more person who may have had it.
  const self = marker !== 'cell' && lower.some((o) => /^(self|yo|patient)$/.test(o));
  if (lower.filter((o) => RELATIVES.test(o)).length >= 2 && !self) return 'many';
  if (lower.length >= 2 && lower.every((o) => PAST_PRESENT.has(o))) return 'many';
  if (lower.some((o) => /^(yes|no|si)\b/.test(o))) return 'one';
  if (lower.some((o) => SEX.has(o)) || lower.filter((o) => MARITAL.test(o)).length >= 2) return 'one';
  if (lower.length > 0 && lower.every((o) => /^\d+$/.test(o))) return 'one';
  if (lower.some((o) => FREQUENCY.test(o))) return 'one';
  // `[ ]` is a check box: a list of them takes several answers, unless its words are exclusive (above).
  if (marker === 'bracket') return 'many';
  return cue ?? 'unknown';
}

/** "Yes", "No", "Y", "N", "Sí" (any case, accents folded): the two answers of a yes/no question. */
export function isYesNoWord(s: string): boolean {
  return YES_NO.test(foldText(s).trim()) && foldText(s).trim().length <= 3;
}

/** What an instruction line says about the questions under it: 'many', 'one', or null (no cue). */
export function instructionMode(line: string): 'one' | 'many' | null {
  const t = foldText(line);
  if (MANY_CUE.test(t)) return 'many';
  if (ONE_CUE.test(t)) return 'one';
  return null;
}
