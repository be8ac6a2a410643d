import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts, TextAlignment } from 'pdf-lib';
import { flattenForm } from './flatten';
import { embedRenderFont } from './fonts';
import { drawTextFieldAppearances } from './text-appearance';

const VALUES = ['Zoë Ðorđević', '1600 Pennsylvania Ave NW, Washington DC 20500', 'office fiction', '12345'];

/** A form with the text-field variants pdf-lib lays out differently, each filled with `value`. */
async function form(fill: 'pdf-lib' | 'ours', unicode: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 500]);
  const pdfForm = doc.getForm();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const specs = [
    { multiline: false, comb: false, da: undefined, align: TextAlignment.Left, border: 0 },
    { multiline: false, comb: false, da: '/Helv 9 Tf 0 0 1 rg', align: TextAlignment.Right, border: 1 },
    { multiline: true, comb: false, da: '0.5 g /Helv 0 Tf', align: TextAlignment.Center, border: 2 },
    { multiline: false, comb: true, da: '/Helv 11 Tf 0 g', align: TextAlignment.Left, border: 1 },
  ];
  specs.forEach((spec, i) => {
    const field = pdfForm.createTextField(`f${i}`);
    if (spec.comb) field.setMaxLength(8);
    if (spec.comb) field.enableCombing();
    if (spec.multiline) field.enableMultiline();
    field.addToPage(page, {
      x: 20,
      y: 420 - i * 100,
      width: 300,
      height: spec.multiline ? 80 : 24,
      font: helvetica,
      borderWidth: spec.border,
      borderColor: spec.border ? rgb(0.2, 0.3, 0.4) : undefined,
      backgroundColor: i % 2 ? rgb(0.9, 0.95, 1) : undefined,
    });
    field.setAlignment(spec.align);
    if (spec.da) field.acroField.setDefaultAppearance(spec.da);
  });
  const font = await embedRenderFont(doc, unicode);
  const inline = new Map();
  specs.forEach((_, i) => {
    const field = pdfForm.getTextField(`f${i}`);
    const value = unicode ? VALUES[i] : VALUES[i].replace('Ðorđević', 'Dordevic');
    if (fill === 'ours') drawTextFieldAppearances(field, value, font, new Map(), inline);
    else {
      field.setText(value);
      field.updateAppearances(font);
    }
  });
  flattenForm(doc, new Set(), inline);
  return doc.save();
}

/** Dropdowns with and without a border, background and DA font size, each set to its second option. */
async function dropdowns(fill: 'pdf-lib' | 'ours', unicode: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const font = await embedRenderFont(doc, unicode);
  const inline = new Map();
  const das = [undefined, '/Helv 10 Tf 0 0.4 0 rg', '/Helv 0 Tf 0 g'];
  das.forEach((da, i) => {
    const field = doc.getForm().createDropdown(`d${i}`);
    field.addOptions(['Single', unicode ? 'Αθηνά Παππά' : 'Married, filing jointly', 'Other']);
    field.addToPage(page, {
      ...{ x: 20, y: 240 - i * 60, width: 250, height: 20 + i * 6, font: helvetica, borderWidth: i },
      ...(i > 0 ? { borderColor: rgb(0.3, 0.2, 0.1), backgroundColor: rgb(1, 0.95, 0.9) } : {}),
    });
    if (da) field.acroField.setDefaultAppearance(da);
    field.select(field.getOptions()[1]);
    if (fill === 'ours') drawTextFieldAppearances(field, field.getSelected()[0], font, new Map(), inline);
    else field.updateAppearances(font);
  });
  flattenForm(doc, new Set(), inline);
  return doc.save({ updateFieldAppearances: false });
}

function raster(pdf: Uint8Array): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'text-appearance-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '144', '-gray', join(dir, 'in.pdf'), join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('drawTextFieldAppearances', () => {
  it.each([
    ['DejaVu Sans', true],
    ['Helvetica', false],
  ])('draws text fields exactly as pdf-lib does, to the pixel (%s)', async (_name, unicode) => {
    const ours = raster(await form('ours', unicode));
    const theirs = raster(await form('pdf-lib', unicode));
    expect(ours.length).toBe(1);
    expect(ours[0].equals(theirs[0])).toBe(true);
    // Something was drawn: the page is not blank.
    expect(ours[0].subarray(-400 * 500).some((v) => v < 128)).toBe(true);
  });

  it.each([
    ['DejaVu Sans', true],
    ['Helvetica', false],
  ])('draws dropdowns exactly as pdf-lib does, to the pixel (%s)', async (_name, unicode) => {
    const ours = raster(await dropdowns('ours', unicode));
    const theirs = raster(await dropdowns('pdf-lib', unicode));
    expect(ours[0].equals(theirs[0])).toBe(true);
    expect(ours[0].subarray(-800 * 600).some((v) => v < 128)).toBe(true);
  });
});
