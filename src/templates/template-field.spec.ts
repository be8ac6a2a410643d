import type { DetectionResult } from '../shared/field-map';
import { ownQuestionId, storedFields, withPublicIds, type TemplateField } from './template-field';
import { detectedField as field } from 'test/factories/fields.factory';

describe('question ids', () => {
  it('gives the options of one question one id and every other field an id of its own', () => {
    const detection = {
      fields: [
        field({}),
        field({ kind: 'select_one', choiceLabel: 'Yes', questionKey: 'q1' }),
        field({ kind: 'select_one', choiceLabel: 'No', questionKey: 'q1' }),
        field({ kind: 'checkbox', choiceLabel: 'I agree' }),
        field({ kind: 'date' }),
      ],
    } as DetectionResult;
    const ids = withPublicIds(detection).map((f) => f.questionId);
    expect(ids.every((id) => /^q_[0-9A-Za-z]{22}$/.test(id))).toBe(true);
    expect(ids[1]).toBe(ids[2]);
    expect(new Set(ids).size).toBe(4);
  });

  it('reads a stored version from before (null for text fields) with a stable id of each field', () => {
    const stored = [
      { fieldId: 'fld_abc', questionId: null },
      { fieldId: 'fld_def', questionId: 'q_shared' },
    ];
    const read = storedFields.from(stored) as TemplateField[];
    expect(read.map((f) => f.questionId)).toEqual([ownQuestionId('fld_abc'), 'q_shared']);
    expect(ownQuestionId('fld_abc')).toBe('q_abc');
    expect((storedFields.from(stored) as TemplateField[])[0].questionId).toBe(read[0].questionId);
  });
});
