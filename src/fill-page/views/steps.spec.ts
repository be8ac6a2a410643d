import type { FillFormField } from '../fill-form.model';
import { groupQuestions } from './questions';
import { STEP_PARAMS, buildSteps } from './steps';
import { renderFormPage } from './index';

const text = (id: string, section: string, page = 1): FillFormField => ({
  field_id: id,
  kind: 'text',
  label: id,
  prompt: id,
  choice_label: null,
  question_id: `q_${id}`,
  page,
  section,
  required: false,
  locked: false,
});

const many = (prefix: string, n: number, section: string, page = 1): FillFormField[] =>
  Array.from({ length: n }, (_, i) => text(`${prefix}${i + 1}`, section, page));

describe('steps of the patient page', () => {
  it('keeps a small form on one step', () => {
    const steps = buildSteps(groupQuestions(many('a', STEP_PARAMS.singleStepMaxQuestions, 'Patient')));
    expect(steps).toHaveLength(1);
  });

  it('cuts a long form at printed sections, in the field map order, never splitting a small section', () => {
    const fields = [...many('p', 6, 'Patient'), ...many('i', 7, 'Insurance'), ...many('h', 7, 'History', 2)];
    const steps = buildSteps(groupQuestions(fields));
    expect(steps.map((s) => s.title)).toEqual(['Patient', 'Insurance', 'History']);
    const ids = steps.flatMap((s) =>
      s.sections.flatMap((sec) => sec.items.map((i) => (i.type === 'single' ? i.field.field_id : ''))),
    );
    expect(ids).toEqual(fields.map((f) => f.field_id));
  });

  it('puts small neighbouring sections together and cuts an overlong one with "(continued)"', () => {
    const fields = [...many('a', 2, 'Contact'), ...many('b', 2, 'Emergency'), ...many('c', 30, 'Symptoms')];
    const steps = buildSteps(groupQuestions(fields));
    expect(steps[0].sections.map((s) => s.title)).toEqual(['Contact', 'Emergency']);
    expect(
      steps.every((s) => s.sections.reduce((n, sec) => n + sec.items.length, 0) <= STEP_PARAMS.maxQuestionsPerStep),
    ).toBe(true);
    const symptoms = steps.flatMap((s) => s.sections).filter((s) => s.title === 'Symptoms');
    expect(symptoms.map((s) => s.continued)).toEqual([false, true, true]);
    const html = renderFormPage({ short_code: 'abc', title: 'T', page_count: 1, fields });
    expect(html).toContain('Symptoms (continued)');
    expect(html).toContain('Step 1 of');
  });

  it('splits a form with no printed headings by PDF page', () => {
    const fields = [...many('a', 8, '', 1), ...many('b', 8, '', 2)];
    const steps = buildSteps(groupQuestions(fields));
    expect(steps.map((s) => s.page)).toEqual([1, 2]);
  });

  it('speaks Spanish when asked, leaving the printed labels as printed', () => {
    const fields = [
      ...many('Nombre', 1, 'Paciente'),
      { ...text('dob', 'Paciente'), kind: 'date' as const, required: true },
    ];
    const doc = renderFormPage({ short_code: 'abc', title: 'Registro', page_count: 1, fields }, { locale: 'es' });
    expect(doc).toContain('<html lang="es">');
    expect(doc).toContain('Enviar');
    expect(doc).toContain('(obligatorio)');
    expect(doc).toContain('Por ejemplo, 15/03/1984.');
    expect(doc).toContain('Nombre1'); // the label as printed
    expect(doc).toContain('data-required-message="Escriba una fecha para «dob».');
    expect(doc).toContain('"answered":"{n} de {m} respondidas"');
  });

  it('resumes from a draft: draft answers fill the controls, locked prefill still wins', () => {
    const fields = [text('name', ''), { ...text('mrn', ''), value: 'MRN-1', locked: true }];
    const doc = renderFormPage(
      { short_code: 'abc', title: 'T', page_count: 1, fields },
      { draft: { answers: { name: 'Ana', mrn: 'tampered' }, signatures: {}, step: 0 } },
    );
    expect(doc).toContain('value="Ana"');
    expect(doc).toContain('value="MRN-1"');
    expect(doc).not.toContain('tampered');
    expect(doc).toContain('data-resumed="true"');
  });
});
