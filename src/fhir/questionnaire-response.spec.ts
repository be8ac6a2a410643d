import { expectValidPair, responseMismatches } from 'test/utils/fhir';
import { answerError } from 'src/shared/answer-rules';
import type { Answers } from 'src/submissions/entities/submission.entity';
import { parseDecimal, toQuestionnaireResponse } from './questionnaire-response';
import { toQuestionnaire } from './questionnaire';
import type { FhirField } from './outline';
import { BASE_URL, field, intakeFields, option, TEMPLATE_ID, URL } from './test-support';

const SUBMITTED = new Date('2026-11-21T14:05:06.789Z');

function pair(fields: FhirField[], answers: Answers, externalRef: string | null = 'appt-42') {
  const questionnaire = toQuestionnaire({
    baseUrl: BASE_URL,
    templateId: TEMPLATE_ID,
    title: 'Intake',
    retired: false,
    version: 2,
    createdAt: new Date('2026-11-20T09:30:00.000Z'),
    fields,
  });
  const response = toQuestionnaireResponse({
    baseUrl: BASE_URL,
    submissionId: 'sub_9aB8cD7eF6gH5iJ4kL3mN2',
    templateId: TEMPLATE_ID,
    version: 2,
    submittedAt: SUBMITTED,
    externalRef,
    fields,
    answers,
  });
  expectValidPair(questionnaire, response);
  return { questionnaire, response };
}

/** What the fill page stores: every non-signature field, "" or false when left alone. */
function stored(fields: FhirField[], given: Answers): Answers {
  const answers: Answers = {};
  for (const f of fields) {
    if (f.kind === 'signature') continue;
    answers[f.fieldId] = given[f.fieldId] ?? (['select_one', 'select_many', 'checkbox'].includes(f.kind) ? false : '');
  }
  return answers;
}

const coding = (code: string, display: string) => ({ valueCoding: { system: `${URL}/options`, code, display } });

describe('toQuestionnaireResponse', () => {
  const fields = intakeFields();

  it('answers to the version filled, with the submission id, time and external_ref', () => {
    const { response } = pair(fields, stored(fields, { fld_name: 'Ana Ruiz' }));
    expect(response).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: 'sub-9aB8cD7eF6gH5iJ4kL3mN2',
      questionnaire: `${URL}|2`,
      status: 'completed',
      authored: '2026-11-21T14:05:06.789Z',
      identifier: { system: `${BASE_URL}/fhir/external-ref`, value: 'appt-42' },
    });
    expect(pair(fields, stored(fields, {}), null).response.identifier).toBeUndefined();
  });

  it('nests answered questions as the Questionnaire does, one value per kind, one coding per ticked option', () => {
    const answers = stored(fields, {
      fld_clinic: '',
      fld_name: '  Ana Ruiz ',
      fld_dob: '1990-04-12',
      fld_phone: '(555) 010-2000',
      fld_email: 'ana@example.com',
      fld_sex_f: true,
      fld_weight: '1,250.5',
      fld_smoke_y: true,
      fld_packs: '2',
      fld_cond_asthma: true,
      fld_cond_other: true,
      fld_cond_explain: 'Migraine',
      fld_notes: 'Line one\nLine two',
      fld_consent: true,
      fld_initials: 'AR',
    });
    const { response } = pair(fields, answers);
    expect(response.item).toEqual([
      {
        linkId: 'section-1',
        text: 'Patient information',
        item: [
          { linkId: 'fld_name', text: 'Full name', answer: [{ valueString: 'Ana Ruiz' }] },
          { linkId: 'fld_dob', text: 'Date of birth', answer: [{ valueDate: '1990-04-12' }] },
          { linkId: 'fld_phone', text: 'Phone', answer: [{ valueString: '(555) 010-2000' }] },
          { linkId: 'fld_email', text: 'Email', answer: [{ valueString: 'ana@example.com' }] },
          { linkId: 'q_sex', text: 'Sex', answer: [coding('fld_sex_f', 'Female')] },
        ],
      },
      {
        linkId: 'section-2',
        text: 'Medical history',
        item: [
          { linkId: 'fld_weight', text: 'Weight (lb)', answer: [{ valueDecimal: 1250.5 }] },
          { linkId: 'q_smoke', text: 'Do you smoke?', answer: [coding('fld_smoke_y', 'Yes')] },
          { linkId: 'fld_packs', text: 'If yes, packs a day', answer: [{ valueDecimal: 2 }] },
          {
            linkId: 'q_cond',
            text: 'Conditions (check all that apply)',
            answer: [coding('fld_cond_asthma', 'Asthma'), coding('fld_cond_other', 'Other')],
          },
          { linkId: 'fld_cond_explain', text: 'Other: please specify', answer: [{ valueString: 'Migraine' }] },
          { linkId: 'fld_notes', text: 'Notes', answer: [{ valueString: 'Line one\nLine two' }] },
        ],
      },
      { linkId: 'fld_consent', text: 'I consent to treatment', answer: [{ valueBoolean: true }] },
      { linkId: 'fld_initials', text: 'Initials', answer: [{ valueString: 'AR' }] },
    ]);
  });

  it('leaves out unanswered questions, unticked boxes, empty sections and answers whose condition is false', () => {
    const answers = stored(fields, {
      fld_weight: '180',
      fld_smoke_n: true,
      fld_packs: '3',
      fld_cond_explain: 'stale',
      fld_consent: false,
      fld_initials: 'AR',
    });
    const { response } = pair(fields, answers);
    expect(response.item).toEqual([
      {
        linkId: 'section-2',
        text: 'Medical history',
        item: [
          { linkId: 'fld_weight', text: 'Weight (lb)', answer: [{ valueDecimal: 180 }] },
          { linkId: 'q_smoke', text: 'Do you smoke?', answer: [coding('fld_smoke_n', 'No')] },
        ],
      },
    ]);
    expect(pair(fields, stored(fields, {})).response.item).toBeUndefined();
  });

  it('reads decimals as typed and leaves out what is not one, or a date that is not a date', () => {
    const accepted = ['1,250.5', '1,250', '1,250,000', '72,5', ',5', '0,125', '+3', '.5', '-0.25', ' 7 ', '007'];
    expect(accepted.map(parseDecimal)).toEqual([1250.5, 1250, 1250000, 72.5, 0.5, 0.125, 3, 0.5, -0.25, 7, 7]);
    const refused = ['', 'abc', '1.2.3', '5 ft', 'Infinity', '1e3', '1,2,3', '1,25.5', '1 250', '9'.repeat(400)];
    expect(refused.map(parseDecimal)).toEqual(refused.map(() => null));
    // Every number the submit accepts is a decimal here, and what it refuses (all but the too-long) is not.
    for (const value of accepted) expect(answerError({ kind: 'number' }, value)).toBeNull();
    for (const value of refused.slice(1, -1)) expect(answerError({ kind: 'number' }, value)).toBe('number');
    const odd = [field('fld_n', 'number'), field('fld_d', 'date')];
    expect(pair(odd, { fld_n: 'five', fld_d: '2026-02-30' }).response.item).toBeUndefined();
  });

  it('keeps one coding for a select_one question even if storage held two, and answers lone boxes by question id', () => {
    const fields2 = [
      option('fld_a', 'select_one', 'q_ab', 'A', { prompt: 'Pick' }),
      option('fld_b', 'select_one', 'q_ab', 'B', { prompt: 'Pick' }),
      field('fld_ok', 'checkbox', { questionId: 'q_ok', prompt: 'OK' }),
      field('fld_why', 'text', { questionId: 'q_why', prompt: 'Why', condition: { fieldId: 'fld_ok', equals: true } }),
    ];
    const { response } = pair(fields2, { fld_a: true, fld_b: true, fld_ok: true, fld_why: 'because' });
    expect(response.item).toEqual([
      { linkId: 'q_ab', text: 'Pick', answer: [coding('fld_a', 'A')] },
      { linkId: 'q_ok', text: 'OK', answer: [{ valueBoolean: true }] },
      { linkId: 'q_why', text: 'Why', answer: [{ valueString: 'because' }] },
    ]);
  });

  it('leaves out a follow-up of a hidden follow-up, as FHIR does when the item it depends on is disabled', () => {
    const chain = [
      field('fld_ok', 'checkbox', { prompt: 'Any allergies?' }),
      option('fld_pen_y', 'select_one', 'q_pen', 'Yes', {
        prompt: 'Penicillin?',
        condition: { fieldId: 'fld_ok', equals: true },
      }),
      option('fld_pen_n', 'select_one', 'q_pen', 'No', {
        prompt: 'Penicillin?',
        condition: { fieldId: 'fld_ok', equals: true },
      }),
      field('fld_rx', 'text', { prompt: 'Reaction', condition: { fieldId: 'fld_pen_y', equals: true } }),
    ];
    expect(
      pair(chain, { fld_ok: false, fld_pen_y: true, fld_pen_n: false, fld_rx: 'hives' }).response.item,
    ).toBeUndefined();
    expect(
      pair(chain, { fld_ok: true, fld_pen_y: true, fld_pen_n: false, fld_rx: 'hives' }).response.item,
    ).toHaveLength(3);
  });

  it('is checked against its Questionnaire: a foreign option, a misplaced item or a wrong type is reported', () => {
    const { questionnaire, response } = pair(fields, stored(fields, { fld_sex_m: true, fld_weight: '70' }));
    const [section1, section2] = response.item!;
    const tampered = structuredClone(response);
    tampered.item![0].item![0].answer = [{ valueCoding: { system: `${URL}/options`, code: 'fld_smoke_y' } }];
    tampered.item!.push({ linkId: 'fld_weight', answer: [{ valueString: '70' }] });
    tampered.item![1].item![0].answer = [{ valueString: '70' }];
    expect(responseMismatches(questionnaire, tampered)).toEqual([
      `/section-1/q_sex: ${URL}/options|fld_smoke_y is not an answerOption`,
      '/section-2/fld_weight: answer valueString does not fit type decimal',
      '/fld_weight: no such item in the Questionnaire at this level',
    ]);
    const swapped = { ...response, item: [section2, section1] };
    expect(responseMismatches(questionnaire, swapped)).toEqual(["/section-1: out of the Questionnaire's order"]);
  });
});
