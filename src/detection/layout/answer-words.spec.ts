import { readFileSync } from 'fs';
import path from 'path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { detectFields, type DetectedField } from '../index';

/**
 * Issue 17, classes 5 and 7 and neighbours, as word processors print them: answers to circle a space apart
 * (`Y N`) or a spaced slash apart, also glued to the question (`Libido? Increased / Decreased`, `Blood clots? Yes /
 * No When? ___`); two-underscore tick spaces before items (`__ Insomnia`); label-then-blank rows (`Date of Birth ___
 * Age ___`), which are no tick list; `Apt / Unit ___`, a label; `Cell (   )____`, one phone blank; a review-of-systems check list in three columns,
 * each under its heading (class 3). The same rows from
 * two producers: LibreOffice Writer (test/fixtures/answer-words) and pdf-lib with a standard font.
 */
const ROWS: Array<[number, Array<[number, string]>]> = [
  [
    740,
    [
      [57, 'Lumps in testicles?'],
      [163, 'Yes / No'],
      [270, 'Libido? Increased / Decreased'],
    ],
  ],
  [719, [[57, 'Length of cycle ______ Blood clots? Yes / No When? ________________']]],
  [698, [[57, 'Texture of blood: Normal / Thick / Thin / Watery']]],
  [
    677,
    [
      [57, 'Anorexia'],
      [163, 'Y N'],
      [234, 'Asthma'],
      [340, 'Y N'],
    ],
  ],
  [656, [[57, 'Street address ______________________ Apt / Unit ________']]],
  [634, [[57, 'Date of Birth _________ Age _____ Height _______ Weight _____']]],
  [613, [[57, 'Tel: Cell (     )_________________ Home (     )_________________']]],
  [
    592,
    [
      [57, 'General'],
      [165, 'Skin'],
      [273, 'Eyes'],
    ],
  ],
  [
    570,
    [
      [57, '__ Insomnia'],
      [165, '__ Hives'],
      [273, '__ Blurred vision'],
    ],
  ],
  [
    549,
    [
      [57, '__ Fatigue'],
      [165, '__ Dry skin'],
      [273, '__ Glasses'],
    ],
  ],
  [
    528,
    [
      [57, '__ Chills/fever'],
      [165, '__ Itching'],
      [273, '__ Eye pain'],
    ],
  ],
];

async function pdfLibForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('HEALTH HISTORY', { x: 237, y: 772, size: 14, font });
  for (const [y, cells] of ROWS) for (const [x, s] of cells) page.drawText(s, { x, y, size: 11, font });
  return doc.save();
}

const questions = (fields: DetectedField[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const f of fields.filter((x) => x.questionKey !== null)) (out[f.prompt] ??= []).push(f.choiceLabel ?? '');
  return out;
};

describe.each([
  [
    'LibreOffice Writer',
    async () =>
      new Uint8Array(
        readFileSync(path.resolve(__dirname, '../../../test/fixtures/answer-words/answer-words.libreoffice.pdf')),
      ),
  ],
  ['pdf-lib (Helvetica)', pdfLibForm],
])('answers to circle and tick spaces printed by %s', (_producer, make) => {
  let fields: DetectedField[];
  beforeAll(async () => {
    fields = (await detectFields(await make(), { ocr: false })).fields;
  });

  it('gives each list of answers its own question, split at spaces and spaced slashes', () => {
    expect(questions(fields)).toEqual({
      'Lumps in testicles?': ['Yes', 'No'],
      'Libido?': ['Increased', 'Decreased'],
      'Blood clots?': ['Yes', 'No'],
      'Texture of blood': ['Normal', 'Thick', 'Thin', 'Watery'],
      Anorexia: ['Y', 'N'],
      Asthma: ['Y', 'N'],
      General: ['Insomnia', 'Fatigue', 'Chills/fever'],
      Skin: ['Hives', 'Dry skin', 'Itching'],
      Eyes: ['Blurred vision', 'Glasses', 'Eye pain'],
    });
    const lists = ['General', 'Skin', 'Eyes'];
    for (const f of fields.filter((x) => !lists.includes(x.prompt) && x.questionKey !== null))
      expect(f.mark).toBe('circle');
    // A check list in headed columns, no wording either way: several answers.
    for (const f of fields.filter((x) => lists.includes(x.prompt))) expect(f.kind).toBe('select_many');
  });

  it('reads label-then-blank rows as text fields, `Apt / Unit` as a label and `(   )____` as one phone blank', () => {
    const text = fields.filter((f) => f.questionKey === null).map((f) => [f.kind, f.label]);
    expect(text).toEqual(
      expect.arrayContaining([
        ['text', 'Length of cycle'],
        ['date', 'Date of Birth'],
        ['number', 'Age'],
        ['text', 'Height'],
        ['number', 'Weight'],
        ['text', 'Apt / Unit'],
        ['phone', 'Tel: Cell'],
      ]),
    );
    const cell = fields.find((f) => f.label === 'Tel: Cell')!;
    const home = fields.find((f) => f.label === 'Home')!;
    // The blank starts at the opening parenthesis: the area code is written inside it.
    expect(cell.rect[0]).toBeLessThan(102);
    expect(home.rect[2] - home.rect[0]).toBeGreaterThan(110);
  });
});
