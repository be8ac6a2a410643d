import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DetectedField } from '../shared/field-map';
import { detectFields } from './index';

/** A one-page fillable form built here: printed words with pdf-lib, widgets where a form tool would put them. */
async function form(build: (doc: PDFDocument, page: PDFPage, font: PDFFont) => void): Promise<DetectedField[]> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  build(doc, page, font);
  const res = await detectFields(await doc.save());
  expect(res.detector).toBe('acroform');
  return res.fields;
}

const text = (page: PDFPage, font: PDFFont, s: string, x: number, y: number): void =>
  page.drawText(s, { x, y, size: 10, font });
const box = (x: number, y: number, w = 10, h = 10) => ({ x, y, width: w, height: h, borderWidth: 0 });
const tooltip = (dict: { set: (k: PDFName, v: PDFString) => void }, s: string): void =>
  dict.set(PDFName.of('TU'), PDFString.of(s));
const byName = (fields: DetectedField[], name: string): DetectedField[] =>
  fields.filter((f) => f.acroform?.fieldName === name);

describe('AcroForm meaning from the printed page', () => {
  it('labels radio options from the words printed right of each button, the question from the words before', async () => {
    const fields = await form((doc, page, font) => {
      text(page, font, 'Marital status:', 50, 700);
      text(page, font, 'Single', 146, 700);
      text(page, font, 'Married', 206, 700);
      const g = doc.getForm().createRadioGroup('Group1');
      g.addOptionToPage('0', page, box(132, 699));
      g.addOptionToPage('1', page, box(192, 699));
      tooltip(g.acroField.dict, 'undefined');
    });
    expect(fields.map((f) => [f.kind, f.choiceLabel, f.label, f.prompt, f.mark])).toEqual([
      ['select_one', 'Single', 'Single', 'Marital status', 'check'],
      ['select_one', 'Married', 'Married', 'Marital status', 'check'],
    ]);
    // The binding still names the real on-state, so rendering ticks the real widget.
    expect(fields.map((f) => f.acroform?.value)).toEqual(['0', '1']);
  });

  it('binds options printed LEFT of their buttons (M☐ F☐) to their own buttons, not the next word', async () => {
    const fields = await form((doc, page, font) => {
      text(page, font, 'Sex:', 50, 700);
      text(page, font, 'M', 80, 700);
      text(page, font, 'F', 130, 700);
      const g = doc.getForm().createRadioGroup('sex');
      g.addOptionToPage('0', page, box(90, 699));
      g.addOptionToPage('1', page, box(138, 699));
    });
    expect(fields.map((f) => [f.acroform?.value, f.choiceLabel, f.prompt])).toEqual([
      ['0', 'M', 'Sex'],
      ['1', 'F', 'Sex'],
    ]);
  });

  it('uses /Opt export values when the page prints nothing beside the buttons, never "0" or "1"', async () => {
    const fields = await form((doc, page) => {
      const g = doc.getForm().createRadioGroup('Time');
      g.addOptionToPage('0', page, box(100, 600));
      g.addOptionToPage('1', page, box(200, 600));
      g.acroField.dict.set(PDFName.of('Opt'), doc.context.obj([PDFString.of('Morning'), PDFString.of('Evening')]));
    });
    expect(fields.map((f) => f.choiceLabel)).toEqual(['Morning', 'Evening']);
    expect(fields.every((f) => f.prompt === 'Time')).toBe(true);
  });

  it('never takes "undefined" or the field name as a label: the printed text beside the field wins', async () => {
    const fields = await form((doc, page, font) => {
      text(page, font, 'Last name:', 50, 700);
      text(page, font, 'First name:', 320, 700);
      text(page, font, 'Home address', 50, 640);
      const f = doc.getForm();
      const last = f.createTextField('Text1');
      last.addToPage(page, box(110, 697, 180, 14));
      tooltip(last.acroField.dict, 'undefined');
      const first = f.createTextField('Text2');
      first.addToPage(page, box(380, 697, 180, 14));
      tooltip(first.acroField.dict, 'Text2');
      // Label above the box, and a box with nothing printed near it (it must not borrow a neighbour's label).
      f.createTextField('Text3').addToPage(page, box(50, 620, 300, 14));
      f.createTextField('Text4').addToPage(page, box(50, 400, 300, 14));
    });
    expect([1, 2, 3, 4].map((n) => byName(fields, `Text${n}`)[0].label)).toEqual([
      'Last name',
      'First name',
      'Home address',
      '',
    ]);
  });

  it('gives e-sign fields (Adobe Sign names, signature / initials / date words) their kinds', async () => {
    const fields = await form((doc, page, font) => {
      const f = doc.getForm();
      f.createTextField('Signature1_es_:signer:signature').addToPage(page, box(50, 200, 200, 20));
      f.createTextField('Initials1_es_:signer:initials').addToPage(page, box(50, 160, 60, 20));
      f.createTextField('Date1_es_:signer:date').addToPage(page, box(300, 200, 100, 20));
      const firma = f.createTextField('Text9');
      firma.addToPage(page, box(50, 100, 200, 20));
      tooltip(firma.acroField.dict, 'Firma del paciente');
      text(page, font, 'Why the patient cannot sign:', 50, 60);
      f.createTextField('Text10').addToPage(page, box(200, 57, 200, 14));
    });
    const kind = (name: string): string => byName(fields, name)[0]?.kind;
    expect(
      [
        'Signature1_es_:signer:signature',
        'Initials1_es_:signer:initials',
        'Date1_es_:signer:date',
        'Text9',
        'Text10',
      ].map(kind),
    ).toEqual(['signature', 'initials', 'date', 'signature', 'text']);
    expect(byName(fields, 'Signature1_es_:signer:signature')[0].label).toBe('Signature');
  });

  it('makes a row of separate check boxes under one printed question one question', async () => {
    const fields = await form((doc, page, font) => {
      text(page, font, 'Which therapies have you had? (check all that apply)', 50, 720);
      text(page, font, 'Counseling', 64, 700);
      text(page, font, 'Biofeedback', 164, 700);
      text(page, font, 'Gender:', 50, 650);
      text(page, font, 'Male', 114, 650);
      text(page, font, 'Female', 164, 650);
      text(page, font, 'I agree to be contacted by text message', 64, 600);
      const f = doc.getForm();
      f.createCheckBox('Check Box1').addToPage(page, box(50, 699));
      f.createCheckBox('Check Box2').addToPage(page, box(150, 699));
      f.createCheckBox('Check Box3').addToPage(page, box(100, 649));
      f.createCheckBox('Check Box4').addToPage(page, box(150, 649));
      f.createCheckBox('Check Box5').addToPage(page, box(50, 599));
    });
    const [c1, c2, m, fe, agree] = [1, 2, 3, 4, 5].map((n) => byName(fields, `Check Box${n}`)[0]);
    expect([c1.kind, c1.choiceLabel, c2.choiceLabel, c1.prompt]).toEqual([
      'select_many',
      'Counseling',
      'Biofeedback',
      'Which therapies have you had? (check all that apply)',
    ]);
    expect(c1.questionKey).toBe(c2.questionKey);
    expect([m.kind, m.choiceLabel, fe.choiceLabel, m.prompt]).toEqual(['select_one', 'Male', 'Female', 'Gender']);
    expect(m.questionKey).toBe(fe.questionKey);
    expect(m.questionKey).not.toBe(c1.questionKey);
    expect([agree.kind, agree.label, agree.questionKey, agree.mark]).toEqual([
      'checkbox',
      'I agree to be contacted by text message',
      null,
      'check',
    ]);
    expect(byName(fields, 'Check Box4')[0].acroform?.value).toBe('Yes');
  });

  it('keeps a checklist wrapping onto a second line one question, and a grid row one question per row', async () => {
    const fields = await form((doc, page, font) => {
      const f = doc.getForm();
      text(page, font, 'Symptoms you have now (check all that apply):', 50, 720);
      ['Fever', 'Cough', 'Rash', 'Headache'].forEach((w, i) => {
        const y = i < 2 ? 700 : 685;
        const x = 50 + (i % 2) * 120;
        text(page, font, w, x + 14, y);
        f.createCheckBox(`Check Box${i + 1}`).addToPage(page, box(x, y - 1));
      });
      // A severity grid: column headers once, one radio group per row.
      text(page, font, 'None', 300, 600);
      text(page, font, 'Severe', 350, 600);
      ['Back pain', 'Fatigue'].forEach((row, r) => {
        const y = 580 - r * 18;
        text(page, font, row, 50, y);
        const g = f.createRadioGroup(`Group${r + 1}`);
        g.addOptionToPage('0', page, box(305, y - 1));
        g.addOptionToPage('1', page, box(360, y - 1));
      });
      // A table of text cells: the header is printed once, above the first row.
      text(page, font, 'Medication', 50, 500);
      [0, 1, 2].forEach((r) => f.createTextField(`Text${r + 1}`).addToPage(page, box(50, 480 - r * 16, 150, 14)));
    });
    const checks = [1, 2, 3, 4].map((n) => byName(fields, `Check Box${n}`)[0]);
    expect(new Set(checks.map((c) => c.questionKey)).size).toBe(1);
    expect(checks.map((c) => [c.kind, c.choiceLabel])).toEqual([
      ['select_many', 'Fever'],
      ['select_many', 'Cough'],
      ['select_many', 'Rash'],
      ['select_many', 'Headache'],
    ]);
    for (const [n, row] of [
      [1, 'Back pain'],
      [2, 'Fatigue'],
    ] as const) {
      const opts = byName(fields, `Group${n}`);
      expect(opts.map((o) => [o.choiceLabel, o.prompt])).toEqual([
        ['None', row],
        ['Severe', row],
      ]);
    }
    expect([1, 2, 3].map((n) => byName(fields, `Text${n}`)[0].label)).toEqual([
      'Medication',
      'Medication',
      'Medication',
    ]);
  });
});
