/**
 * Answer rules read from the printed form (decisions.md "Answer rules"): `format` from a blank's label (ZIP,
 * SSN, date of birth) and `condition` from a follow-up cue ("If yes, please explain", a blank right after an
 * "Other" option), in English and Spanish. One stage over the finished field map (reading order). Precision
 * first: a rule is set only when the cue is plain and the option it depends on sits just before the blank.
 */
import { isChoiceKind, type DetectedField } from '../shared/field-map';
import { foldText } from './kinds';
import type { Box } from './layout/types';
import { quoted } from './review';

/** A follow-up blank this far below the last row of its question at most (pt, about two lines). */
const FOLLOW_UP_REACH_PT = 30;
/** A write-in this far right of its "Other" option at most, on the same row (pt). */
const WRITE_IN_REACH_PT = 160;
/** A continuation line of a follow-up: this far below it at most (pt). */
const CONTINUATION_REACH_PT = 26;

type Cue = 'yes' | 'other' | 'checked' | 'explain';

// Folded text (no accents, lower case). The cue opens the label, or follows the question it was printed with.
const IF_YES = /(^|[?:.)]\s*|\s)(if (yes|so|y)\b|si (la respuesta es )?si\b|en caso afirmativo\b|en caso de que si\b)/;
const IF_OTHER = /(^|[?:.)]\s*|\s)(if other\b|si (es )?otro\b|en caso de otro\b)/;
const IF_CHECKED = /(^|[?:.)]\s*|\s)(if checked\b|if ticked\b|si (esta )?marcad[oa]\b)/;
/** "Please explain:" alone: a short label that is only the request. */
const EXPLAIN_ONLY =
  /^\W*(please\s+)?(explain|specify|list|describe|give details)\b[\w\s]{0,12}[:.]?\s*$|^\W*(por favor\s+)?(explique|especifique|indique cual|describa)\b[\w\s]{0,12}[:.]?\s*$/;
const YES_OPTION = /^\W*(yes|y|si|s)\W*$/;
const OTHER_OPTION = /^\W*(other|others|otro|otra|otros|otras)\b/;

const ZIP = /\b(zip|zip ?code|zip\s*\+\s*4|postal code|codigo postal|cod\. postal)\b/;
const NOT_ZIP = /\b(city|state|ciudad|estado|country|pais)\b|,|\//;
const SSN =
  /\b(ssn|s\.s\.n|ss ?#|ss ?(no|number|num)\b|soc\.? ?sec\.? ?(no|#|number)|social security ?(no\b|number|num\b|#)|social security\W*$|(numero de )?seguro social)/;
/** Money and benefits named after Social Security (W-2 boxes) and the last four digits are no SSN. */
const NOT_SSN =
  /\b(last (4|four)|ultimos (4|cuatro)|disability|benefits|income|card|wages|tax|tips|withheld|incapacidad|beneficios)\b|\?/;
const BIRTH_DATE =
  /\b(date of birth|birth ?date|birthday|dob|d\.o\.b|fecha de nacimiento|f\. ?de ?nac|f\. ?nac|fecha nac)\b/;

const textOf = (f: Pick<DetectedField, 'label' | 'prompt'>): string => foldText(f.label || f.prompt).trim();
const optionText = (f: DetectedField): string => foldText(f.choiceLabel ?? f.label);

/** The format a label asks for, or null. Only on the kinds the format fits (decisions.md). */
export function formatFromLabel(f: Pick<DetectedField, 'kind' | 'label' | 'prompt'>): DetectedField['format'] {
  const own = textOf(f);
  if (!own || own.length > 50) return null;
  if (f.kind === 'date') return BIRTH_DATE.test(own) ? 'birth_date' : null;
  if (f.kind !== 'text') return null;
  if (ZIP.test(own) && !NOT_ZIP.test(own)) return 'zip';
  if (SSN.test(own) && !NOT_SSN.test(own)) return 'ssn';
  return null;
}

/** Which follow-up cue a blank's own text carries, or null. */
export function followUpCue(text: string): Cue | null {
  const t = foldText(text).trim();
  if (IF_OTHER.test(t)) return 'other';
  if (IF_CHECKED.test(t)) return 'checked';
  if (IF_YES.test(t)) return 'yes';
  if (EXPLAIN_ONLY.test(t)) return 'explain';
  return null;
}

interface Placed {
  f: DetectedField;
  box: Box;
}

const sameRow = (a: Box, b: Box): boolean => Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > 0.3 * (a.y2 - a.y1);

/** Whether blank `b` sits on the row of the options or just below them (upright space, y up). */
function nearBelow(options: Box[], b: Box): boolean {
  const bottom = Math.min(...options.map((o) => o.y1));
  if (options.some((o) => sameRow(o, b))) return b.x1 >= Math.max(...options.map((o) => o.x1));
  return b.y2 <= bottom + 2 && bottom - b.y2 <= FOLLOW_UP_REACH_PT;
}

/** The options of the question of choice field `at` (itself alone when it has no question). */
function questionOf(fields: Placed[], at: number): number[] {
  const key = fields[at].f.questionKey;
  if (key === null) return [at];
  return fields.flatMap((p, i) => (p.f.questionKey === key && p.f.page === fields[at].f.page ? [i] : []));
}

/** The option blank `i` depends on, given its cue: in the question printed just before it. */
function optionFor(fields: Placed[], i: number, cue: Cue): number | null {
  const blank = fields[i];
  const prev = i - 1;
  if (prev < 0 || !isChoiceKind(fields[prev].f.kind) || fields[prev].f.page !== blank.f.page) return null;
  const options = questionOf(fields, prev);
  const boxes = options.map((o) => fields[o].box);
  if (options.some((o) => o > i) || !nearBelow(boxes, blank.box)) return null;
  if (cue === 'checked') return options.length === 1 ? prev : null;
  const wanted = cue === 'other' ? OTHER_OPTION : YES_OPTION;
  const matches = options.filter((o) => wanted.test(optionText(fields[o].f)));
  if (matches.length !== 1) return null;
  // "If yes" and "please explain" need a yes/no question; "If other" any list with one Other.
  if (cue !== 'other' && (options.length < 2 || options.length > 3)) return null;
  return matches[0];
}

/** A write-in right after an "Other" option on its row (its label is empty, "Other" or a "please specify"). */
function writeInOf(fields: Placed[], i: number): number | null {
  const [blank, option] = [fields[i], fields[i - 1]];
  if (!option || blank.f.kind !== 'text' || option.f.page !== blank.f.page) return null;
  if (!isChoiceKind(option.f.kind) || !OTHER_OPTION.test(optionText(option.f))) return null;
  if (!sameRow(option.box, blank.box)) return null;
  if (blank.box.x1 < option.box.x2 - 2 || blank.box.x1 - option.box.x2 > WRITE_IN_REACH_PT) return null;
  const own = textOf(blank.f);
  return !own || OTHER_OPTION.test(own) || followUpCue(own) !== null ? i - 1 : null;
}

/** An unlabelled line right under a follow-up blank continues it (three lines for "please explain"). */
function continues(fields: Placed[], i: number): boolean {
  const [a, b] = [fields[i - 1], fields[i]];
  if (!a || a.f.conditionOn == null || b.f.kind !== 'text' || textOf(b.f) || a.f.page !== b.f.page) return false;
  const below = a.box.y1 - b.box.y2;
  return below >= -2 && below <= CONTINUATION_REACH_PT && Math.abs(a.box.x1 - b.box.x1) <= 80;
}

/**
 * Sets `format` and `conditionOn` on the fields (in place, reading order; `boxes`: each one's upright box) and
 * returns review reasons for follow-up blanks whose option was not found.
 */
export function detectAnswerRules(fields: DetectedField[], boxes: Map<DetectedField, Box>): string[] {
  const placed: Placed[] = fields.map((f) => ({ f, box: boxes.get(f)! }));
  const reasons: string[] = [];
  placed.forEach(({ f }, i) => {
    f.format = formatFromLabel(f);
    f.conditionOn = null;
    if (isChoiceKind(f.kind) || f.kind === 'signature') return;
    // A write-in after its "Other" (it answers that option's question), or a line continuing the follow-up above it.
    const writeIn = writeInOf(placed, i);
    if (writeIn !== null && placed[writeIn].f.kind !== 'checkbox') f.prompt = placed[writeIn].f.prompt || f.prompt;
    f.conditionOn = writeIn ?? (continues(placed, i) ? placed[i - 1].f.conditionOn! : null);
    if (f.conditionOn !== null) return;
    // The label first; the prompt may hold the cue printed with the question ("Pregnant? If yes, due date").
    const cue = followUpCue(f.label || f.prompt) ?? (f.label && f.prompt !== f.label ? followUpCue(f.prompt) : null);
    if (!cue) return;
    f.conditionOn = optionFor(placed, i, cue);
    if (f.conditionOn === null && cue !== 'explain')
      reasons.push(
        `Page ${f.page}: ${quoted(f.label || f.prompt)} reads as a follow-up but no ${cue === 'other' ? 'Other' : cue === 'checked' ? 'check box' : 'Yes'} option was found just before it: set its condition by hand`,
      );
  });
  return reasons;
}
