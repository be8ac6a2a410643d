import {
  answerError,
  conditionProblem,
  dropInactiveAnswers,
  formatFitsKind,
  formatProblem,
  inactiveFieldIds,
  RULE_ERRORS,
  ruleMessage,
  todayIso,
} from './answer-rules';
import { ANSWER_CASES, CONDITION_CASES, CONDITION_FIELDS, TODAY } from './answer-rules.cases';

describe('answer rules', () => {
  it.each(ANSWER_CASES)('$kind/$format "$value" -> $error', ({ kind, format, value, error }) => {
    expect(answerError({ kind, format }, value, TODAY)).toBe(error);
  });

  it.each(CONDITION_CASES)('hides %j', ({ answers, inactive }) => {
    expect([...inactiveFieldIds(CONDITION_FIELDS, answers)].sort()).toEqual([...inactive].sort());
    const kept = dropInactiveAnswers(CONDITION_FIELDS, { ...answers, explain: 'x', other_text: 'y', free: 'z' });
    for (const id of inactive) expect(kept).not.toHaveProperty(id);
    expect(kept.free).toBe('z');
  });

  it('has a message for every error in English and Spanish', () => {
    for (const error of RULE_ERRORS) {
      expect(ruleMessage(error, 'en')).toMatch(/^(is|are) /);
      expect(ruleMessage(error, 'es')).not.toBe(ruleMessage(error, 'en'));
    }
    expect(ruleMessage('zip')).toContain('is not a ZIP code');
    expect(ruleMessage('zip', 'es')).toContain('código postal');
  });

  it('fits formats to kinds', () => {
    expect(formatFitsKind('zip', 'text')).toBe(true);
    expect(formatFitsKind('ssn', 'text')).toBe(true);
    expect(formatFitsKind('birth_date', 'date')).toBe(true);
    expect(formatFitsKind('zip', 'date')).toBe(false);
    expect(formatFitsKind('birth_date', 'text')).toBe(false);
    expect(formatFitsKind('ssn', 'checkbox')).toBe(false);
    expect(formatProblem({ kind: 'checkbox', format: 'zip' })).toMatch(/does not fit a checkbox/);
    expect(formatProblem({ kind: 'text', format: null })).toBeNull();
    // a format on a kind it does not fit is not checked (edits refuse it; the value is checked by its kind)
    expect(answerError({ kind: 'date', format: 'zip' }, '2020-01-01', TODAY)).toBeNull();
  });

  it('refuses conditions on a missing, non-choice, own or later field', () => {
    const at = (id: string) => CONDITION_FIELDS.find((f) => f.fieldId === id)!;
    expect(conditionProblem(at('explain'), CONDITION_FIELDS)).toBeNull();
    expect(conditionProblem(at('free'), CONDITION_FIELDS)).toBeNull();
    const fields = [...CONDITION_FIELDS];
    const withCondition = (id: string, target: string) => ({
      ...at(id),
      condition: { fieldId: target, equals: true as const },
    });
    expect(conditionProblem(withCondition('free', 'gone'), fields)).toMatch(/not a field of this form/);
    expect(conditionProblem(withCondition('free', 'explain'), fields)).toMatch(/a text field/);
    expect(conditionProblem(withCondition('free', 'free'), fields)).toMatch(/itself/);
    expect(conditionProblem(withCondition('explain', 'other'), fields)).toMatch(/later/);
  });

  it("takes today's date from the clock", () => {
    expect(todayIso(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-26');
  });
});
