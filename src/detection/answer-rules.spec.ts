import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { followUpCue, formatFromLabel } from './answer-rules';
import { detectFields } from './index';

const FORMS = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'forms');

interface TruthWidget {
  id: number;
  rect: number[];
  format: string | null;
  condition: { widget: number } | null;
}

const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 6);

describe('answer rules read from the printed form', () => {
  it.each([
    ['text', 'ZIP code', 'zip'],
    ['text', 'Zip', 'zip'],
    ['text', 'Código postal', 'zip'],
    ['text', 'City, State, ZIP', null],
    ['text', 'City/State/Zip', null],
    ['text', 'SSN', 'ssn'],
    ['text', 'SS Number', 'ssn'],
    ['text', 'Social Security #', 'ssn'],
    ['text', 'Número de Seguro Social', 'ssn'],
    ['text', 'Last 4 digits of SSN', null],
    ['text', '3 Social security wages', null],
    ['text', 'Social Security', 'ssn'],
    ['text', "VETERAN'S SOCIAL SECURITY NO.", 'ssn'],
    ['text', 'SS#', 'ssn'],
    ['text', 'Patient SSN', 'ssn'],
    ['text', 'Are you on Social Security disability?', null],
    ['date', 'Date of birth', 'birth_date'],
    ['date', 'DOB', 'birth_date'],
    ['date', 'Fecha de nacimiento', 'birth_date'],
    ['date', 'Date', null],
    ['text', 'Date of birth', null],
    ['select_one', 'ZIP code', null],
  ] as const)('%s "%s" -> %s', (kind, label, format) => {
    expect(formatFromLabel({ kind, label, prompt: label })).toBe(format);
  });

  it.each([
    ['If yes, please explain', 'yes'],
    ['If so, list them', 'yes'],
    ['Any chance of pregnancy? If yes, due date', 'yes'],
    ['If other, specify', 'other'],
    ['If checked, language', 'checked'],
    ['Please explain:', 'explain'],
    ['please specify', 'explain'],
    ['En caso afirmativo, explique', 'yes'],
    ['Si la respuesta es sí, ¿a qué?', 'yes'],
    ['Please list all medications you currently take', null],
    ['Irregular periods (describe)', null],
    ['Ifyes', null],
  ] as const)('cue of "%s" is %s', (text, cue) => {
    expect(followUpCue(text)).toBe(cue);
  });

  it.each(
    ['rules-nextline-en', 'rules-sameline-en', 'rules-table-es'].flatMap((f) => [
      [f, 'flat.pdf'],
      [f, 'original.pdf'],
    ]),
  )('finds every rule of %s/%s and no other', async (family, file) => {
    const truth = JSON.parse(readFileSync(path.join(FORMS, family, 'truth.json'), 'utf8')) as {
      widgets: TruthWidget[];
    };
    const res = await detectFields(new Uint8Array(readFileSync(path.join(FORMS, family, file))), { ocr: false });
    const at = (w: TruthWidget) => res.fields.findIndex((f) => near(f.rect, w.rect));
    const expected = truth.widgets.map((w) => ({
      at: at(w),
      format: w.format,
      condition: w.condition ? at(truth.widgets[w.condition.widget]) : null,
    }));
    expect(expected.every((e) => e.at >= 0)).toBe(true);
    const found = expected.map((e) => ({
      at: e.at,
      format: res.fields[e.at].format ?? null,
      condition: res.fields[e.at].conditionOn ?? null,
    }));
    expect(found).toEqual(expected);
    expect(res.fields.filter((f) => f.conditionOn != null)).toHaveLength(
      truth.widgets.filter((w) => w.condition).length,
    );
  });

  it('says which follow-up found no option to depend on', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Name:', { x: 50, y: 700, size: 10, font });
    page.drawLine({ start: { x: 85, y: 697 }, end: { x: 300, y: 697 }, thickness: 0.7 });
    page.drawText('If yes, please explain:', { x: 50, y: 670, size: 10, font });
    page.drawLine({ start: { x: 160, y: 667 }, end: { x: 560, y: 667 }, thickness: 0.7 });
    const res = await detectFields(await doc.save(), { ocr: false });
    expect(res.fields.every((f) => f.conditionOn == null)).toBe(true);
    expect(res.reviewReasons).toContainEqual(expect.stringMatching(/"If yes, please explain" reads as a follow-up/));
  });
});
