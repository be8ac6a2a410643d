import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from '@medplum/fhirtypes';
import request from 'supertest';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { expectValidFhir, expectValidPair } from 'test/utils/fhir';
import { answersFor, createLink, latestSubmissionId, submit, templateFrom, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

jest.setTimeout(180_000);

const BASE = 'http://127.0.0.1:3999';

/** Every item, groups opened, in order. */
const flat = (items: QuestionnaireItem[] = []): QuestionnaireItem[] =>
  items.flatMap((i) => (i.type === 'group' ? flat(i.item) : [i]));

/** Every answered item of a response, groups opened, in order. */
const flatAnswers = (items: QuestionnaireResponseItem[] = []): QuestionnaireResponseItem[] =>
  items.flatMap((i) => (i.answer ? [i] : flatAnswers(i.item)));

/** An intake field map written through PUT /templates/{id}/fields: sections, every kind the mapping treats apart. */
function designedFields(): object[] {
  const at = (row: number): [number, number, number, number] => [72, 700 - row * 24, 300, 714 - row * 24];
  const patient = { page: 1, section: 'Patient' };
  const history = { page: 1, section: 'History' };
  return [
    { ...patient, kind: 'text', rect: at(0), prompt: 'Full name', label: 'Full name', required: true },
    { ...patient, kind: 'date', rect: at(1), prompt: 'Date of birth', label: 'Date of birth' },
    { ...patient, kind: 'phone', rect: at(2), prompt: 'Phone', label: 'Phone' },
    { ...patient, kind: 'email', rect: at(3), prompt: 'Email', label: 'Email' },
    { ...history, kind: 'number', rect: at(4), prompt: 'Weight (kg)', label: 'Weight (kg)' },
    ...['Yes', 'No'].map((choice, i) => ({
      ...history,
      kind: 'select_one',
      rect: at(5 + i),
      prompt: 'Do you smoke?',
      label: choice,
      choice_label: choice,
      question_id: 'smoke',
    })),
    ...['Asthma', 'Diabetes', 'Other'].map((choice, i) => ({
      ...history,
      kind: 'select_many',
      rect: at(7 + i),
      prompt: 'Conditions',
      label: choice,
      choice_label: choice,
      question_id: 'conditions',
    })),
    { ...history, kind: 'text', rect: at(10), prompt: 'Other: please specify', label: 'Other: please specify' },
    {
      page: 1,
      kind: 'checkbox',
      rect: at(11),
      prompt: 'I consent to treatment',
      label: 'I consent',
      choice_label: 'I consent',
    },
    { page: 1, kind: 'initials', rect: at(12), prompt: 'Initials', label: 'Initials' },
    { page: 1, kind: 'signature', rect: at(13), prompt: 'Signature', label: 'Signature' },
  ];
}

describe('FHIR R4: templates as Questionnaires, submissions as QuestionnaireResponses', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let templateId: string;
  let imported: Field[];
  let designed: Field[];

  const questionnaire = (key: string, id: string, query = '') =>
    api(t, key).get(`/api/v1/templates/${id}/questionnaire${query}`);
  const response = (key: string, id: string) => api(t, key).get(`/api/v1/submissions/${id}/questionnaire-response`);

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    ({ templateId, fields: imported } = await templateFrom(t, org.apiKey, 'underscore-classic-1001.flat.pdf'));
  });
  afterAll(() => t.close());

  it('serves an imported template as a valid Questionnaire: FHIR JSON, no-store, one item per question', async () => {
    const res = await questionnaire(org.apiKey, templateId).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const q = JSON.parse(res.text) as Questionnaire;
    expectValidFhir(q);
    expect(q).toMatchObject({
      resourceType: 'Questionnaire',
      id: `${templateId.replace(/_/g, '-')}-1`,
      url: `${BASE}/fhir/Questionnaire/${templateId}`,
      version: '1',
      status: 'active',
      date: expect.stringMatching(/Z$/),
    });
    const questions = [
      ...new Set(imported.filter((f) => f.kind !== 'signature').map((f) => f.question_id ?? f.field_id)),
    ];
    expect(flat(q.item).map((i) => i.linkId)).toEqual(questions);
  });

  it('maps a field map written through PUT: sections, kinds, options, conditions; ?version=N serves each version', async () => {
    const put = (base: number, fields: object[]) =>
      request(t.baseUrl)
        .put(`/api/v1/templates/${templateId}/fields`)
        .set('Authorization', `Bearer ${org.apiKey}`)
        .send({ base_version: base, fields })
        .expect(200);
    const v2 = (await put(1, designedFields())).body.fields as Field[];
    const v2Id = (label: string) => v2.find((f) => f.label === label)!.field_id;
    // Conditions name kept fields: the follow-up of "Other" and the initials under the consent box.
    const withConditions = v2.map((f) =>
      f.label === 'Other: please specify'
        ? { ...f, condition: { field_id: v2Id('Other'), equals: true } }
        : f.label === 'Initials'
          ? { ...f, condition: { field_id: v2Id('I consent'), equals: true } }
          : f,
    );
    designed = (await put(2, withConditions)).body.fields as Field[];
    const q = (await questionnaire(org.apiKey, templateId).expect(200)).body as Questionnaire;
    expectValidFhir(q);
    expect(q.version).toBe('3');
    expect(q.id).toBe(`${templateId.replace(/_/g, '-')}-3`);
    const id = (label: string) => designed.find((f) => f.label === label)!;
    const linkId = (label: string) => id(label).question_id ?? id(label).field_id;
    const options = `${BASE}/fhir/Questionnaire/${templateId}/options`;
    expect(q.item!.map((i) => [i.linkId, i.type, i.text])).toEqual([
      ['section-1', 'group', 'Patient'],
      ['section-2', 'group', 'History'],
      [linkId('I consent'), 'boolean', 'I consent to treatment'],
      [linkId('Initials'), 'string', 'Initials'],
    ]);
    expect(q.item![3]).toMatchObject({
      enableWhen: [{ question: linkId('I consent'), operator: '=', answerBoolean: true }],
      enableBehavior: 'any',
    });
    expect(q.item![0].item!.map((i) => [i.text, i.type, i.required])).toEqual([
      ['Full name', 'string', true],
      ['Date of birth', 'date', false],
      ['Phone', 'string', false],
      ['Email', 'string', false],
    ]);
    const [weight, smoke, conditions, explain] = q.item![1].item!;
    expect(weight).toMatchObject({ linkId: linkId('Weight (kg)'), type: 'decimal' });
    expect(smoke).toEqual({
      linkId: id('Yes').question_id,
      text: 'Do you smoke?',
      type: 'choice',
      required: false,
      answerOption: ['Yes', 'No'].map((c) => ({ valueCoding: { system: options, code: id(c).field_id, display: c } })),
    });
    expect(conditions).toMatchObject({ type: 'choice', repeats: true });
    expect(conditions.answerOption!.map((o) => o.valueCoding!.code)).toEqual(
      ['Asthma', 'Diabetes', 'Other'].map((c) => id(c).field_id),
    );
    expect(explain).toMatchObject({
      type: 'string',
      text: 'Other: please specify',
      enableWhen: [
        {
          question: id('Other').question_id,
          operator: '=',
          answerCoding: { system: options, code: id('Other').field_id, display: 'Other' },
        },
      ],
      enableBehavior: 'any',
    });
    expect(JSON.stringify(q)).not.toContain(id('Signature').field_id);

    const before = (await questionnaire(org.apiKey, templateId, '?version=2').expect(200)).body as Questionnaire;
    expect(before.version).toBe('2');
    expect(JSON.stringify(before)).not.toContain('enableWhen');
    const v1 = (await questionnaire(org.apiKey, templateId, '?version=1').expect(200)).body as Questionnaire;
    expect(v1.version).toBe('1');
    expect(flat(v1.item).map((i) => i.linkId)).not.toContain(linkId('Full name'));
    await questionnaire(org.apiKey, templateId, '?version=4').expect(404);
    const bad = await questionnaire(org.apiKey, templateId, '?version=zero').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('serves a submission as a valid QuestionnaireResponse to the version filled, answered and shown questions only', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'appt-42' });
    const body = answersFor(designed, 'Ana Ruiz');
    const byLabel = (label: string) => designed.find((f) => f.label === label)!.field_id;
    Object.assign(body.answers, {
      [byLabel('Phone')]: '(555) 010-2000',
      [byLabel('Email')]: '',
      [byLabel('Weight (kg)')]: '72.5',
      [byLabel('Initials')]: 'AR',
      [byLabel('Diabetes')]: true,
      [byLabel('Other')]: false,
      [byLabel('Other: please specify')]: 'hidden: its option is not ticked',
    });
    expect((await submit(t, link.short_code, body)).status).toBe(201);
    const submissionId = await latestSubmissionId(t, org.apiKey);

    // A later edit does not move the response off the version it answers.
    const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body.fields;
    await request(t.baseUrl)
      .put(`/api/v1/templates/${templateId}/fields`)
      .set('Authorization', `Bearer ${org.apiKey}`)
      .send({ base_version: 3, fields: fields.slice(0, 3) })
      .expect(200);

    const res = await response(org.apiKey, submissionId).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const qr = JSON.parse(res.text) as QuestionnaireResponse;
    const q = (await questionnaire(org.apiKey, templateId, '?version=3').expect(200)).body as Questionnaire;
    expectValidPair(q, qr);
    expect(qr).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: submissionId.replace(/_/g, '-'),
      questionnaire: `${BASE}/fhir/Questionnaire/${templateId}|3`,
      status: 'completed',
      identifier: { system: `${BASE}/fhir/external-ref`, value: 'appt-42' },
    });
    const sub = (await api(t, org.apiKey).get(`/api/v1/submissions/${submissionId}`).expect(200)).body;
    expect(qr.authored).toBe(sub.submitted_at);
    const options = `${BASE}/fhir/Questionnaire/${templateId}/options`;
    const answers = Object.fromEntries(flatAnswers(qr.item).map((i) => [i.text, i.answer]));
    expect(answers).toEqual({
      'Full name': [{ valueString: 'Ana Ruiz' }],
      'Date of birth': [{ valueDate: '1990-04-12' }],
      Phone: [{ valueString: '(555) 010-2000' }],
      'Weight (kg)': [{ valueDecimal: 72.5 }],
      'Do you smoke?': [{ valueCoding: { system: options, code: byLabel('Yes'), display: 'Yes' } }],
      Conditions: [
        { valueCoding: { system: options, code: byLabel('Asthma'), display: 'Asthma' } },
        { valueCoding: { system: options, code: byLabel('Diabetes'), display: 'Diabetes' } },
      ],
      'I consent to treatment': [{ valueBoolean: true }],
      Initials: [{ valueString: 'AR' }],
    });
  });

  it("answers 404 for another organization's template and submission, and for garbage ids", async () => {
    const submissionId = await latestSubmissionId(t, org.apiKey);
    for (const res of [
      await questionnaire(other.apiKey, templateId),
      await response(other.apiKey, submissionId),
      await questionnaire(org.apiKey, 'tpl_doesnotexist00000000000'),
      await response(org.apiKey, 'sub_doesnotexist00000000000'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('needs templates:read for the Questionnaire and submissions:read for the response', async () => {
    const submissionId = await latestSubmissionId(t, org.apiKey);
    const templatesOnly = await createKey(t.app, org.orgId, ['templates:read']);
    const submissionsOnly = await createKey(t.app, org.orgId, ['submissions:read']);
    await questionnaire(templatesOnly, templateId).expect(200);
    await response(submissionsOnly, submissionId).expect(200);
    expect((await questionnaire(submissionsOnly, templateId).expect(403)).body.required_scope).toBe('templates:read');
    expect((await response(templatesOnly, submissionId).expect(403)).body.required_scope).toBe('submissions:read');
  });

  it('marks a retired template retired, every version', async () => {
    await api(t, ADMIN).post(`/admin/v1/templates/${templateId}/retire`).expect(200);
    for (const query of ['', '?version=1']) {
      const q = (await questionnaire(org.apiKey, templateId, query).expect(200)).body as Questionnaire;
      expect(q.status).toBe('retired');
      expectValidFhir(q);
    }
  });
});
