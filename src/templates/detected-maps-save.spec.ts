/**
 * Every field map detection emits must save unchanged through PUT /templates/{id}/fields: a person who opens
 * the editor and saves without touching anything must never be refused. Runs the route's own validation (the
 * global pipe on ReplaceFieldsDto, then applyFieldEdits) on the detected map of every dev form.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';
import { createValidationPipe } from 'src/common/errors/validation';
import { detectFields } from 'src/detection';
import { ReplaceFieldsDto } from './dto/template-edit.dto';
import { applyFieldEdits } from './field-edits';
import { readPageBoxes } from './page-boxes';
import { withPublicIds } from './template-field';
import { toFieldResponse } from './templates.mapper';

jest.setTimeout(240_000);

const FORMS = path.resolve(__dirname, '..', '..', '..', 'shared', 'forms');

/** [name, path] of each PDF under `set` named `file`, or none when the set is not on this machine. */
function forms(set: string, file: string): Array<[string, string]> {
  const dir = path.join(FORMS, set);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((id) => existsSync(path.join(dir, id, file)))
    .map((id) => [`${set}/${id}/${file}`, path.join(dir, id, file)]);
}

async function saveUnchanged(pdfPath: string): Promise<string[]> {
  const pdf = new Uint8Array(readFileSync(pdfPath));
  const detection = await detectFields(pdf, { ocr: false });
  const fields = withPublicIds(detection);
  const pageBoxes = await readPageBoxes(pdf);
  const body = { base_version: 1, fields: fields.map(toFieldResponse) };
  let dto: ReplaceFieldsDto;
  try {
    dto = (await createValidationPipe().transform(body, {
      type: 'body',
      metatype: ReplaceFieldsDto,
    })) as ReplaceFieldsDto;
  } catch (error) {
    return [(error as Error).message];
  }
  let n = 0;
  try {
    const saved = applyFieldEdits({ version: 1, fields, pageBoxes }, dto.fields, {
      field: () => `fld_new${++n}`,
      question: () => `q_new${++n}`,
    });
    expect(saved.map((f) => f.fieldId)).toEqual(fields.map((f) => f.fieldId));
    expect(saved.map((f) => f.questionId)).toEqual(fields.map((f) => f.questionId));
  } catch (error) {
    return (error as Error).message.split('; ');
  }
  return [];
}

const sets: Array<[string, Array<[string, string]>]> = [
  ['dev AcroForm originals', forms('dev', 'original.pdf')],
  ['dev flat twins', forms('dev', 'flat.pdf')],
  ['intake-dev', forms('intake-dev', 'flat.pdf')],
  ['real-dev', forms('real-dev', 'flat.pdf')],
];

describe.each(sets)('the detected map of each form in %s saves unchanged', (set, pdfs) => {
  if (pdfs.length === 0) {
    it.skip(`${set}: not on this machine (${FORMS})`, () => undefined);
    return;
  }
  it.each(pdfs)('%s', async (_name, pdfPath) => {
    expect(await saveUnchanged(pdfPath)).toEqual([]);
  });
});
