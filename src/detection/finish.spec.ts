import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';

async function spanishForm(instruction: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const text = (p: PDFPage, f: PDFFont, s: string, x: number, y: number): void =>
    p.drawText(s, { x, y, size: 10, font: f, color: rgb(0, 0, 0) });
  text(page, font, 'Fecha de nacimiento: ____________________', 60, 720);
  text(page, font, 'Teléfono: ____________________', 60, 695);
  text(page, font, 'Correo electrónico: ____________________', 60, 670);
  // The instruction on its own line, above the question (as in the Spanish intake forms).
  text(page, font, instruction, 60, 645);
  text(page, font, '¿Tiene alguna de estas enfermedades?', 60, 630);
  ['Asma', 'Diabetes', 'Anemia'].forEach((word, i) => {
    const x = 70 + i * 120;
    page.drawRectangle({ x, y: 606, width: 9, height: 9, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    text(page, font, word, x + 14, 607);
  });
  text(page, font, 'Firma del paciente: ______________________', 60, 560);
  return doc.save();
}

describe('finishing stage on a Spanish form', () => {
  it('types dates, phones, e-mails and signatures from Spanish labels', async () => {
    const res = await detectFields(await spanishForm('Marque todas las que correspondan.'));
    const kindOf = (label: string): string | undefined => res.fields.find((f) => f.label === label)?.kind;
    expect(kindOf('Fecha de nacimiento')).toBe('date');
    expect(kindOf('Teléfono')).toBe('phone');
    expect(kindOf('Correo electrónico')).toBe('email');
    expect(kindOf('Firma del paciente')).toBe('signature');
  });

  it('makes a list check-all when the instruction above it says so in Spanish, pick-one when it says one', async () => {
    const many = await detectFields(await spanishForm('Marque todas las que correspondan.'));
    const options = many.fields.filter((f) => ['Asma', 'Diabetes', 'Anemia'].includes(f.choiceLabel ?? ''));
    expect(options).toHaveLength(3);
    expect(options.every((f) => f.kind === 'select_many')).toBe(true);
    const one = await detectFields(await spanishForm('Marque una.'));
    const single = one.fields.filter((f) => ['Asma', 'Diabetes', 'Anemia'].includes(f.choiceLabel ?? ''));
    expect(single.every((f) => f.kind === 'select_one')).toBe(true);
  });
});
