import type { RuleField } from '../../../src/shared/answer-rules';
import { PageRules, questionHidden, ruleLocale } from './rules';

const FIELDS: RuleField[] = [
  { fieldId: 'surgery_yes', kind: 'select_one' },
  { fieldId: 'surgery_no', kind: 'select_one' },
  { fieldId: 'explain', kind: 'text', condition: { fieldId: 'surgery_yes', equals: true } },
  { fieldId: 'when', kind: 'date', condition: { fieldId: 'surgery_yes', equals: true } },
  { fieldId: 'other', kind: 'checkbox', condition: { fieldId: 'surgery_yes', equals: true } },
  { fieldId: 'other_text', kind: 'text', condition: { fieldId: 'other', equals: true } },
  { fieldId: 'zip', kind: 'text', format: 'zip' },
  { fieldId: 'dob', kind: 'date', format: 'birth_date' },
  { fieldId: 'phone', kind: 'phone' },
];
const TEMPLATE = { en: '“{label}” {problem}.', es: '«{label}» {problem}.' };
const NOW = new Date(2026, 10, 26, 12);

describe('answer rules on the patient page', () => {
  it('hides follow-ups while their option is not ticked, and a follow-up of a hidden follow-up', () => {
    const rules = new PageRules(FIELDS, 'en');
    expect([...rules.inactive({})].sort()).toEqual(['explain', 'other', 'other_text', 'when']);
    expect([...rules.inactive({ surgery_yes: false, surgery_no: true })].sort()).toEqual([
      'explain',
      'other',
      'other_text',
      'when',
    ]);
    expect([...rules.inactive({ surgery_yes: true, surgery_no: false })]).toEqual(['other_text']);
    expect([...rules.inactive({ surgery_yes: true, other: true })]).toEqual([]);
    // "other" ticked but its own option hidden: its follow-up stays hidden
    expect(rules.inactive({ surgery_yes: false, other: true }).has('other_text')).toBe(true);
  });

  it('hides a question only when every field of it is inactive', () => {
    expect(questionHidden(['explain'], new Set(['explain']))).toBe(true);
    expect(questionHidden(['a', 'b'], new Set(['a']))).toBe(false);
    expect(questionHidden([], new Set(['a']))).toBe(false);
  });

  it('says what is wrong with a format or kind, in English and Spanish, and accepts good values', () => {
    const en = new PageRules(FIELDS, 'en');
    const es = new PageRules(FIELDS, ruleLocale('es'));
    expect(en.problem('zip', '7520', 'ZIP code', TEMPLATE.en, NOW)).toBe(
      '“ZIP code” is not a ZIP code (5 digits, or 5+4 like 12345-6789).',
    );
    expect(es.problem('zip', '7520', 'Código postal', TEMPLATE.es, NOW)).toBe(
      '«Código postal» no es un código postal (5 dígitos, o 5+4 como 12345-6789).',
    );
    expect(en.problem('zip', ' 75201-1234 ', 'ZIP', TEMPLATE.en, NOW)).toBeNull();
    expect(en.problem('dob', '2031-01-01', 'DOB', TEMPLATE.en, NOW)).toBe('“DOB” is a date of birth in the future.');
    expect(en.problem('dob', '2026-11-26', 'DOB', TEMPLATE.en, NOW)).toBeNull(); // today, in the patient's calendar
    expect(en.problem('dob', '1890-01-01', 'DOB', TEMPLATE.en, NOW)).toMatch(/more than 130 years ago/);
    expect(es.problem('phone', '555-01', 'Teléfono', TEMPLATE.es, NOW)).toMatch(
      /^«Teléfono» no es un número de teléfono/,
    );
    expect(en.problem('phone', '(604) 555-0134', 'Phone', TEMPLATE.en, NOW)).toBeNull();
    expect(en.problem('zip', '', 'ZIP', TEMPLATE.en, NOW)).toBeNull(); // empty: the required rule's business
    expect(en.problem('unknown', 'x', 'X', TEMPLATE.en, NOW)).toBeNull();
    expect(ruleLocale('fr')).toBe('en');
  });
});
