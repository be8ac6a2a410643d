/**
 * Review reasons for staff in plain sentences, each saying where (page, section) and what. A form needs review while
 * anything low-confidence or unbound remains; at most MAX_REASONS sentences, then one line counting the rest.
 */
import { overlapsOther } from './confidence';
import { isChoiceKind, type DetectedField, type Detector } from '../shared/field-map';
import { foldText } from './kinds';
import { LOW_CONFIDENCE } from 'src/shared/constants';
import { rectBox } from './layout/types';
import type { PageText } from './page-text';
import { groupBy } from './reading-order';

export const MAX_REASONS = 10;

const where = (f: DetectedField): string => (f.section ? `Page ${f.page}, section "${f.section}"` : `Page ${f.page}`);
/** Text quoted in a reason, cut to 40 characters. */
export const quoted = (s: string): string => `"${s.length > 40 ? `${s.slice(0, 37)}...` : s}"`;
const quote = (f: DetectedField): string => {
  const s = f.choiceLabel || f.label || f.prompt;
  return s ? quoted(s) : `a ${f.kind} box`;
};

/** Groups problems by place, in field order: "Page 2, section "History": 3 fields ... (e.g. "Date")". */
function grouped(fields: DetectedField[], one: string, many: string): string[] {
  return [...groupBy(fields, where)].map(
    ([place, fs]) => `${place}: ${fs.length} ${fs.length === 1 ? one : many} (${fs.slice(0, 3).map(quote).join(', ')})`,
  );
}

const SIGNATURE_WORD = /\b(signature|firma)\b/;

export function reviewReasons(
  fields: DetectedField[],
  blankPages: number[],
  detector: Detector,
  pages: PageText[] = [],
): string[] {
  const reasons: string[] = [];
  for (const p of blankPages) reasons.push(`Page ${p} has no text layer: fields must be placed by hand`);
  if (detector !== 'acroform' && fields.length === 0 && blankPages.length === 0)
    reasons.push('No fields were found: check that this is a form');
  const unlabelled = fields.filter((f) => !f.label && !f.prompt);
  reasons.push(...grouped(unlabelled, 'field has no label', 'fields have no label'));
  const optionless = fields.filter((f) => isChoiceKind(f.kind) && f.questionKey !== null && !f.choiceLabel);
  const named = 'no printed option text (named "Option n")';
  reasons.push(...grouped(optionless, `option has ${named}`, `options have ${named}`));
  if (detector !== 'acroform') {
    const low = fields.filter((f) => f.confidence < LOW_CONFIDENCE && (f.label || f.prompt));
    reasons.push(...grouped(low, 'field has low confidence', 'fields have low confidence'));
    const overlapping = fields.filter((f) => overlapsOther(f, fields, (o) => rectBox(o.rect)));
    reasons.push(...grouped(overlapping, 'field overlaps another', 'fields overlap others'));
    reasons.push(...missedSignatures(fields, pages));
  }
  if (reasons.length <= MAX_REASONS) return reasons;
  const rest = reasons.length - (MAX_REASONS - 1);
  return [...reasons.slice(0, MAX_REASONS - 1), `${rest} more places need review`];
}

/** A page that prints "Signature" / "Firma" but has no signature field: the signature was probably missed. */
function missedSignatures(fields: DetectedField[], pages: PageText[]): string[] {
  if (fields.some((f) => f.kind === 'signature')) return [];
  const printed = pages.find((p) =>
    p.lines.some((l) => l.tokens.some((t) => t.type === 'text' && SIGNATURE_WORD.test(foldText(t.text)))),
  );
  return printed ? [`Page ${printed.page}: "Signature" is printed but no signature field was found`] : [];
}
