/**
 * The answer-rules dev families: follow-up blanks on the next line, on the same line after the options and in a
 * table row; write-ins after "Other"; ZIP, SSN and date-of-birth labels; and look-alikes that carry no rule
 * ("City, State, ZIP", "Last 4 digits of SSN", a list request after an unrelated question).
 */
import type { Family, Item } from './build';

const blank = (text: string, labelX: number, to: number, extra: Partial<Item> = {}): Item => ({
  kind: 'text',
  text,
  labelX,
  to,
  ...extra,
});
const option = (kind: Item['kind'], text: string, x: number, question: string, ref?: string): Item => ({
  kind,
  text,
  x,
  question,
  ref,
});
const yesNo = (q: string, x: number, ref: string, yes = 'Yes', no = 'No'): Item[] => [
  option('select_one', yes, x, q, ref),
  option('select_one', no, x + 50, q),
];

export const FAMILIES: Family[] = [
  {
    id: 'rules-nextline-en',
    title: 'Patient history (follow-ups on the next line)',
    rows: [
      { items: [blank('Name:', 50, 300), blank('Date of birth:', 320, 560, { kind: 'date', format: 'birth_date' })] },
      { items: [blank('Address:', 50, 560)] },
      { items: [blank('City:', 50, 250), blank('State:', 270, 360), blank('ZIP code:', 380, 560, { format: 'zip' })] },
      { items: [blank('Social Security number:', 50, 330, { format: 'ssn' })] },
      { text: 'Have you had surgery?', items: yesNo('surgery', 300, 'surgery') },
      { items: [blank('If yes, please explain:', 50, 560, { when: 'surgery' })] },
      { text: 'Do you take any medications?', items: yesNo('meds', 300, 'meds') },
      { items: [blank('If so, list them:', 50, 560, { when: 'meds' })] },
      {
        text: 'How did you hear about us?',
        items: [
          option('select_many', 'Friend', 200, 'heard'),
          option('select_many', 'Internet', 260, 'heard'),
          option('select_many', 'Other', 330, 'heard', 'heard-other'),
          { kind: 'text', text: '', x: 375, to: 560, when: 'heard-other', prompt: 'Other' },
        ],
      },
      { items: [blank('Please list any allergies:', 50, 560)] },
      { text: 'Do you smoke?', items: yesNo('smoke', 300, 'smoke') },
      { items: [blank('Emergency contact:', 50, 560)] },
      { items: [blank('Last 4 digits of SSN:', 50, 250), blank('Date:', 320, 560, { kind: 'date' })] },
    ],
  },
  {
    id: 'rules-sameline-en',
    title: 'Health questionnaire (follow-ups on the same line)',
    rows: [
      { items: [blank('Patient name:', 50, 330), blank('DOB:', 350, 560, { kind: 'date', format: 'birth_date' })] },
      { items: [blank('City, State, ZIP:', 50, 330), blank('Zip:', 350, 560, { format: 'zip' })] },
      {
        text: 'Alcohol?',
        items: [
          ...yesNo('alcohol', 130, 'alcohol'),
          blank('If yes, how much per week?', 240, 560, { when: 'alcohol' }),
        ],
      },
      {
        text: 'Pregnant?',
        items: [
          ...yesNo('pregnant', 130, 'pregnant'),
          blank('If yes, due date:', 240, 560, { kind: 'date', when: 'pregnant' }),
        ],
      },
      {
        text: 'Pharmacy:',
        items: [
          option('select_one', 'Walgreens', 110, 'pharmacy'),
          option('select_one', 'CVS', 190, 'pharmacy'),
          option('select_one', 'Other', 240, 'pharmacy', 'pharmacy-other'),
          blank('please specify:', 285, 560, { when: 'pharmacy-other' }),
        ],
      },
      { items: [option('checkbox', 'I need an interpreter', 50, 'interpreter', 'interpreter')] },
      { items: [blank('If checked, language:', 50, 330, { when: 'interpreter' })] },
      { items: [blank('Employer:', 50, 330), blank('Social Security #:', 350, 560, { format: 'ssn' })] },
      { text: 'Any falls this year?', items: yesNo('falls', 300, 'falls') },
      { items: [blank('Please list all medications you currently take:', 50, 560)] },
    ],
  },
  {
    id: 'rules-table-es',
    title: 'Historia clínica (tabla)',
    rows: [
      {
        items: [
          blank('Nombre:', 50, 300),
          blank('Fecha de nacimiento:', 320, 560, { kind: 'date', format: 'birth_date' }),
        ],
      },
      {
        items: [
          blank('Código postal:', 50, 250, { format: 'zip' }),
          blank('Número de Seguro Social:', 270, 560, { format: 'ssn' }),
        ],
      },
      {
        text: 'Cirugías previas',
        table: [200, 300],
        items: [
          ...yesNo('cirugia', 210, 'cirugia', 'Sí'),
          blank('En caso afirmativo, explique:', 306, 560, { when: 'cirugia' }),
        ],
      },
      {
        text: 'Alergias',
        table: [200, 300],
        items: [
          ...yesNo('alergias', 210, 'alergias', 'Sí'),
          blank('Si la respuesta es sí, ¿a qué?', 306, 560, { when: 'alergias' }),
        ],
      },
      {
        text: 'Hospitalizaciones',
        table: [200, 300],
        items: [...yesNo('hosp', 210, 'hosp', 'Sí'), blank('Fecha:', 306, 560, { kind: 'date' })],
      },
      {
        text: 'Idioma:',
        items: [
          option('select_one', 'Inglés', 120, 'idioma'),
          option('select_one', 'Español', 190, 'idioma'),
          option('select_one', 'Otro', 270, 'idioma', 'idioma-otro'),
          { kind: 'text', text: '', x: 310, to: 560, when: 'idioma-otro', prompt: 'Otro' },
        ],
      },
      { items: [blank('Ciudad:', 50, 300), blank('Estado:', 320, 560)] },
    ],
  },
];
