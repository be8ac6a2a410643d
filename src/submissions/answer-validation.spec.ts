import { AppException } from 'src/common/errors/app.exception';
import type { TemplateField } from 'src/templates/template-field';
import { checkSubmission } from './answer-validation';
import { templateField } from 'test/factories/fields.factory';

const field = (fieldId: string, kind: TemplateField['kind'], extra: Partial<TemplateField> = {}): TemplateField =>
  templateField(fieldId, { kind, questionId: kind === 'select_one' ? 'q_surgery' : `q_${fieldId}`, ...extra });

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString('base64')}`;

const fields: TemplateField[] = [
  field('yes', 'select_one', { required: true }),
  field('no', 'select_one', { required: true }),
  field('explain', 'text', { required: true, condition: { fieldId: 'yes', equals: true } }),
  field('zip', 'text', { format: 'zip' }),
  field('dob', 'date', { format: 'birth_date', condition: { fieldId: 'yes', equals: true } }),
  field('sign', 'signature', { required: true, condition: { fieldId: 'yes', equals: true } }),
];

function fieldErrors(answers: Record<string, unknown>): { field_id: string; error: string }[] {
  try {
    checkSubmission(fields, [], { answers, signatures: {} }, '2026-11-26');
  } catch (error) {
    if (error instanceof AppException) return error.extras.fields as [];
    throw error;
  }
  return [];
}

describe('checkSubmission with answer rules', () => {
  it('drops answers of hidden fields, which are never required nor checked', () => {
    const checked = checkSubmission(
      fields,
      [],
      { answers: { no: true, explain: 'n/a', dob: 'not a date', zip: '75201' }, signatures: { sign: 'junk' } },
      '2026-11-26',
    );
    expect(checked.answers).toEqual({ yes: false, no: true, zip: '75201' });
    expect(checked.signatures).toEqual({});
  });

  it('requires and checks a shown follow-up', () => {
    expect(fieldErrors({ yes: true, dob: '2031-01-01' })).toEqual([
      { field_id: 'explain', error: 'is required' },
      { field_id: 'dob', error: 'is a date of birth in the future' },
      { field_id: 'sign', error: 'needs a signature' },
    ]);
  });

  it('names each value that breaks its format', () => {
    expect(fieldErrors({ no: true, zip: '7520' })).toEqual([
      { field_id: 'zip', error: expect.stringContaining('is not a ZIP code') },
    ]);
  });

  it('takes a locked prefill option into account', () => {
    const checked = checkSubmission(
      fields,
      [{ field_id: 'yes', value: true, locked: true }],
      { answers: { explain: 'knee, 2019', dob: '1990-05-17' }, signatures: { sign: PNG } },
      '2026-11-26',
    );
    expect(checked.answers).toMatchObject({ yes: true, explain: 'knee, 2019', dob: '1990-05-17' });
    expect(Object.keys(checked.signatures)).toEqual(['sign']);
  });
});
