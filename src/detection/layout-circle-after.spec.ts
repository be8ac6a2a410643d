/** Words to circle with the instruction printed after them (`R  L  Both (circle one)`), found trying intake forms. */
import { PDFDocument } from 'pdf-lib';
import { detectFields } from './index';
import { embedTestFont } from '../../test/utils/embedded-fonts';
import type { DetectedField } from '../shared/field-map';
import { drawSquare as square, drawText as text, letterheadPdf } from '../../test/utils/letterhead-pdf';

const options = (fields: DetectedField[]): DetectedField[] =>
  fields
    .filter((f) => f.kind === 'select_one' || f.kind === 'select_many')
    .sort((a, b) => b.rect[1] - a.rect[1] || a.rect[0] - b.rect[0]);

describe('layout detector: an instruction to circle printed after the options', () => {
  it('reads `Which hand do you write with?  R  L  Both (circle one)` as one question of three options', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'Which hand do you write with?     R     L     Both   (circle one)', 72, 700);
      text(p, f, 'Name: ____________________________', 72, 670);
    });
    const got = options((await detectFields(pdf)).fields);
    expect(got.map((o) => [o.kind, o.choiceLabel])).toEqual([
      ['select_one', 'R'],
      ['select_one', 'L'],
      ['select_one', 'Both'],
    ]);
    expect(new Set(got.map((o) => o.questionKey)).size).toBe(1);
    expect(got[0].prompt).toBe('Which hand do you write with?');
  });

  it('makes `(circle all that apply)` after the options a pick-many question', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'Do you use:     Tobacco     Alcohol     Caffeine   (circle all that apply)', 72, 700);
    });
    const got = options((await detectFields(pdf)).fields);
    expect(got.map((o) => [o.kind, o.choiceLabel])).toEqual([
      ['select_many', 'Tobacco'],
      ['select_many', 'Alcohol'],
      ['select_many', 'Caffeine'],
    ]);
  });

  it('reads a slash pair and a circled list side by side on one row as two questions', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'Gender:', 72, 700);
      text(p, f, 'M / F', 190, 700);
      text(p, f, 'Marital Status:', 330, 700);
      text(p, f, 'S     M     D     W    (circle one)', 445, 700);
    });
    const got = options((await detectFields(pdf)).fields);
    expect(got.map((o) => [o.prompt, o.choiceLabel])).toEqual([
      ['Gender', 'M'],
      ['Gender', 'F'],
      ['Marital Status', 'S'],
      ['Marital Status', 'M'],
      ['Marital Status', 'D'],
      ['Marital Status', 'W'],
    ]);
  });

  it('reads answers glued by a slash (`Sex: M/F`, `Smoker? Y/N`) as options, and `N/A` as one word', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'Sex: M/F', 72, 700);
      text(p, f, 'Smoker? Y/N', 250, 700);
      text(p, f, 'Pregnant?  Yes  No  N/A', 400, 700);
      text(p, f, '¿Fuma? Si/No', 72, 670);
    });
    const got = options((await detectFields(pdf)).fields);
    expect(got.map((o) => [o.prompt, o.choiceLabel])).toEqual([
      ['Sex', 'M'],
      ['Sex', 'F'],
      ['Smoker?', 'Y'],
      ['Smoker?', 'N'],
      ['Pregnant?', 'Yes'],
      ['Pregnant?', 'No'],
      ['Pregnant?', 'N/A'],
      ['¿Fuma?', 'Si'],
      ['¿Fuma?', 'No'],
    ]);
  });

  it('reads letter `O`s one under another before option words as a list of radios under its question', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'How did you hear about us?', 58, 700);
      text(p, f, 'O Friend or family', 70, 684);
      text(p, f, 'O Internet search', 70, 670);
      text(p, f, 'O Other ____________________', 70, 656);
      text(p, f, 'Blood type: O', 58, 620);
    });
    const fields = (await detectFields(pdf)).fields;
    const got = options(fields);
    expect(got.map((o) => [o.prompt, o.choiceLabel])).toEqual([
      ['How did you hear about us?', 'Friend or family'],
      ['How did you hear about us?', 'Internet search'],
      ['How did you hear about us?', 'Other'],
    ]);
    expect(fields.filter((x) => x.kind === 'text').map((x) => x.prompt)).toEqual(['How did you hear about us?']);
  });

  it('parts `No  If yes, list:` typed right after a box into the answer and the prompt of the blank after it', async () => {
    const pdf = await letterheadPdf((p, f) => {
      text(p, f, 'Any allergies to medications?', 58, 700);
      square(p, 200, 700);
      text(p, f, 'Yes', 211, 700);
      square(p, 232, 700);
      text(p, f, 'No  If yes, list: ______________________________', 243, 700);
    });
    const fields = (await detectFields(pdf)).fields;
    expect(options(fields).map((o) => o.choiceLabel)).toEqual(['Yes', 'No']);
    const list = fields.find((x) => x.kind === 'text');
    expect(list).toMatchObject({ label: 'If yes, list' });
    expect(fields[list!.conditionOn!]).toMatchObject({ choiceLabel: 'Yes' });
  });

  it('parts an option word from the label typed a few spaces after it (`Sex: □M □F  DOB: ___/___/____`)', async () => {
    // The boxes are the body font's `□` glyphs, as a word processor types them (Liberation Sans, embedded).
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const page = doc.addPage([612, 792]);
    page.drawText('Riverside Family Medicine - Patient Intake', { x: 72, y: 770, size: 12, font });
    page.drawText('Sex: □M □F  DOB: ___/___/_____', { x: 58, y: 700, size: 10, font });
    const fields = (await detectFields(await doc.save())).fields;
    expect(options(fields).map((o) => o.choiceLabel)).toEqual(['M', 'F']);
    expect(fields.find((x) => x.kind === 'date')).toMatchObject({ label: 'DOB' });
  });
});
