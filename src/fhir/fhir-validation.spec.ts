/** The tests' FHIR validator (test/utils/fhir.ts) must catch what it claims to, or every green FHIR test is hollow. */
import type { Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import { fhirProblems } from 'test/utils/fhir';

const questionnaire = (item: Questionnaire['item']): Questionnaire => ({
  resourceType: 'Questionnaire',
  status: 'active',
  item,
});
const response = (item: QuestionnaireResponse['item']): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status: 'completed',
  item,
});

describe('the FHIR validator of the tests', () => {
  it('passes a valid Questionnaire and QuestionnaireResponse', () => {
    const q = questionnaire([{ linkId: 'g', type: 'group', item: [{ linkId: 'a', type: 'string', text: 'Name' }] }]);
    expect(fhirProblems(q)).toEqual([]);
    expect(fhirProblems(response([{ linkId: 'g', item: [{ linkId: 'a', answer: [{ valueString: 'x' }] }] }]))).toEqual(
      [],
    );
  });

  it.each([
    ['que-1', questionnaire([{ linkId: 'g', type: 'group' }])],
    ['que-2', questionnaire([{ linkId: 'g', type: 'group', item: [{ linkId: 'g', type: 'string' }] }])],
    [
      'que-4',
      questionnaire([
        { linkId: 'a', type: 'choice', answerOption: [{ valueString: 'x' }], answerValueSet: 'http://x' },
      ]),
    ],
    ['que-5', questionnaire([{ linkId: 'a', type: 'boolean', answerOption: [{ valueString: 'x' }] }])],
    ['que-6', questionnaire([{ linkId: 'a', type: 'display', required: true }])],
    [
      'que-7',
      questionnaire([
        { linkId: 'a', type: 'string', enableWhen: [{ question: 'b', operator: 'exists', answerString: 'x' }] },
      ]),
    ],
    ['que-10', questionnaire([{ linkId: 'a', type: 'date', maxLength: 3 }])],
    [
      'que-12 (more than one)',
      questionnaire([
        { linkId: 'b', type: 'boolean' },
        {
          linkId: 'a',
          type: 'string',
          enableWhen: [
            { question: 'b', operator: '=', answerBoolean: true },
            { question: 'b', operator: '!=', answerBoolean: false },
          ],
        },
      ]),
    ],
    [
      'qrs-1',
      response([
        { linkId: 'a', answer: [{ valueString: 'x' }], item: [{ linkId: 'b', answer: [{ valueString: 'y' }] }] },
      ]),
    ],
    [
      'qrs-2',
      response([
        { linkId: 'a', answer: [{ valueString: 'x' }] },
        { linkId: 'a', answer: [{ valueString: 'y' }] },
      ]),
    ],
    ['ele-1', questionnaire([{ linkId: 'a', type: 'string', text: '' }])],
    ['cardinality', { resourceType: 'Questionnaire', item: [{ linkId: 'a', type: 'string' }] } as Questionnaire],
    ['JSON type', questionnaire([{ linkId: 'a', type: 'string', required: 'yes' as unknown as boolean }])],
    ['value set', questionnaire([{ linkId: 'a', type: 'free-text' as 'string' }])],
    ['date format', response([{ linkId: 'a', answer: [{ valueDate: '12/04/1990' }] }])],
  ])('reports %s', (rule, resource) => {
    const problems = fhirProblems(resource);
    expect(problems.length).toBeGreaterThan(0);
    if (/^(que|qrs|ele)-/.test(rule)) expect(problems.join('\n')).toContain(rule.split(' ')[0]);
  });
});
