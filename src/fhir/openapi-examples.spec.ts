import { expectValidPair } from 'test/utils/fhir';
import { QUESTIONNAIRE_EXAMPLE, QUESTIONNAIRE_RESPONSE_EXAMPLE } from './openapi-examples';

describe('the OpenAPI examples of the FHIR routes', () => {
  it('are valid FHIR R4 and the response answers the Questionnaire, a condition included', () => {
    expectValidPair(QUESTIONNAIRE_EXAMPLE, QUESTIONNAIRE_RESPONSE_EXAMPLE);
    expect(JSON.stringify(QUESTIONNAIRE_EXAMPLE)).toContain('"enableWhen"');
    expect(QUESTIONNAIRE_RESPONSE_EXAMPLE.item!.map((i) => i.linkId)).toEqual(['section-1', 'section-2']);
  });
});
