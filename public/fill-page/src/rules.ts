// The answer rules on the page: which questions apply (conditions) and which answers break their kind or format.
// The rules themselves are the server's (src/shared/answer-rules.ts): one implementation for both.
import {
  answerError,
  inactiveFieldIds,
  ruleMessage,
  todayIso,
  type RuleField,
  type RuleLocale,
} from '../../../src/shared/answer-rules';
import type { Answers } from './collect';

export class PageRules {
  private readonly byId: Map<string, RuleField>;

  constructor(
    readonly fields: readonly RuleField[],
    readonly locale: RuleLocale,
  ) {
    this.byId = new Map(fields.map((f) => [f.fieldId, f]));
  }

  /** The fields whose condition is false for these answers. */
  inactive(answers: Answers): Set<string> {
    return inactiveFieldIds(this.fields, answers);
  }

  /**
   * The problem with a text-like answer, as a sentence in the page's language, or null. `template` is the page's
   * "{label} {problem}" sentence; the date is the patient's own calendar day (a birth date of today is fine).
   */
  problem(fieldId: string, value: string, label: string, template: string, now = new Date()): string | null {
    const field = this.byId.get(fieldId);
    if (!field) return null;
    const error = answerError(field, value, todayIso(now, false));
    if (!error) return null;
    return template.replace('{label}', label).replace('{problem}', ruleMessage(error, this.locale));
  }
}

/** A question is hidden when every field it holds is inactive (the options of a question share a condition). */
export function questionHidden(fieldIds: readonly string[], inactive: ReadonlySet<string>): boolean {
  return fieldIds.length > 0 && fieldIds.every((id) => inactive.has(id));
}

export function ruleLocale(locale: string): RuleLocale {
  return locale === 'es' ? 'es' : 'en';
}
