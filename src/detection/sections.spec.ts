import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import { displayTitle } from './sections';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function makePdf(pages: Array<(page: PDFPage, f: Fonts) => void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  for (const draw of pages) draw(doc.addPage([612, 792]), fonts);
  return doc.save();
}

const text = (p: PDFPage, font: PDFFont, s: string, x: number, y: number, size = 10): void =>
  p.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });

const sectionOf = (fields: Array<{ label: string; section?: string }>, label: string): string | undefined =>
  fields.find((f) => f.label === label)?.section;

describe('sections and reading order', () => {
  it('sets each field to the printed heading above it, "" before the first, and not the form title', async () => {
    const pdf = await makePdf([
      (p, f) => {
        text(p, f.bold, 'Lakeside Clinic Intake Form', 180, 740, 16);
        text(p, f.regular, "Today's date: ______________", 60, 710);
        text(p, f.bold, 'PATIENT INFORMATION', 60, 670, 12);
        text(p, f.regular, 'Last name: ______________________', 60, 645);
        text(p, f.regular, 'Phone: ______________________', 60, 620);
        text(p, f.bold, 'Emergency Contact', 60, 580, 12);
        text(p, f.regular, 'Contact name: ______________________', 60, 555);
      },
    ]);
    const res = await detectFields(pdf);
    expect(sectionOf(res.fields, "Today's date")).toBe('');
    expect(sectionOf(res.fields, 'Last name')).toBe('Patient Information');
    expect(sectionOf(res.fields, 'Phone')).toBe('Patient Information');
    expect(sectionOf(res.fields, 'Contact name')).toBe('Emergency Contact');
    expect(res.fields.every((f) => f.section !== undefined)).toBe(true);
  });

  it('reads a two-column block column by column, each column under its own heading', async () => {
    const pdf = await makePdf([
      (p, f) => {
        text(p, f.bold, 'About You', 60, 720, 12);
        text(p, f.regular, 'Full name: __________________________________________', 60, 695);
        text(p, f.bold, 'Emergency Contact', 60, 650, 12);
        text(p, f.bold, 'Insurance', 330, 650, 12);
        text(p, f.regular, 'Contact: ____________________', 60, 625);
        text(p, f.regular, 'Carrier: ____________________', 330, 625);
        text(p, f.regular, 'Relation: ___________________', 60, 600);
        text(p, f.regular, 'Member ID: __________________', 330, 600);
      },
    ]);
    const res = await detectFields(pdf);
    expect(res.fields.map((f) => f.label)).toEqual(['Full name', 'Contact', 'Relation', 'Carrier', 'Member ID']);
    expect(res.fields.map((f) => f.section)).toEqual([
      'About You',
      'Emergency Contact',
      'Emergency Contact',
      'Insurance',
      'Insurance',
    ]);
  });

  it('carries a section over to the next page, below a repeated patient header', async () => {
    const pdf = await makePdf([
      (p, f) => {
        text(p, f.regular, 'Patient name: ______________________', 60, 740);
        text(p, f.bold, 'Medical History', 60, 700, 12);
        text(p, f.regular, 'Past surgeries: ______________________', 60, 675);
      },
      (p, f) => {
        text(p, f.regular, 'Patient name: ______________________', 60, 740);
        text(p, f.regular, 'Current medications: ______________________', 60, 700);
        text(p, f.bold, 'Consent', 60, 660, 12);
        text(p, f.regular, 'Signature: ______________________', 60, 635);
      },
    ]);
    const res = await detectFields(pdf);
    const page2 = res.fields.filter((f) => f.page === 2);
    expect(page2.map((f) => [f.label, f.section])).toEqual([
      ['Patient name', ''],
      ['Current medications', 'Medical History'],
      ['Signature', 'Consent'],
    ]);
  });

  it('lists fields top to bottom with the options of a question together', async () => {
    const pdf = await makePdf([
      (p, f) => {
        text(p, f.regular, 'Name: ______________________', 60, 720);
        text(p, f.regular, 'Smoker?  ☐ Yes  ☐ No'.replace(/☐/g, '[ ]'), 60, 690);
        text(p, f.regular, 'City: ______________________', 60, 660);
      },
    ]);
    const res = await detectFields(pdf);
    const tops = res.fields.map((f) => f.rect[3]);
    for (let i = 1; i < tops.length; i++) expect(tops[i]).toBeLessThanOrEqual(tops[i - 1] + 3);
    expect(res.fields[0].label).toBe('Name');
    expect(res.fields[res.fields.length - 1].label).toBe('City');
  });

  it('shows ALL-CAPS titles in title case and keeps other titles as printed', () => {
    expect(displayTitle("TODAY'S VISIT")).toBe("Today's Visit");
    expect(displayTitle('AUTHORIZATION TO DISCUSS HEALTH INFORMATION')).toBe(
      'Authorization to Discuss Health Information',
    );
    expect(displayTitle('DATOS DEL PACIENTE')).toBe('Datos del Paciente');
    expect(displayTitle('Physician & Pharmacy')).toBe('Physician & Pharmacy');
    expect(displayTitle('PART II - INFORMATION REGARDING VETERAN')).toBe('Part II - Information Regarding Veteran');
  });
});
