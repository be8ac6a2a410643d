import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page AcroForm: a required text field and an optional one (detection reads them exactly). */
export async function smallForm(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Last name', { x: 50, y: 700, size: 12, font });
  page.drawText('Notes', { x: 50, y: 650, size: 12, font });
  const form = doc.getForm();
  const last = form.createTextField('last_name');
  last.enableRequired();
  last.addToPage(page, { x: 150, y: 690, width: 200, height: 20 });
  form.createTextField('notes').addToPage(page, { x: 150, y: 640, width: 200, height: 20 });
  return Buffer.from(await doc.save());
}
