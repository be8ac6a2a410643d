import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';
import { drawText as text, letterheadPdf } from '../../test/utils/letterhead-pdf';

const makePdf = (draw: Parameters<typeof letterheadPdf>[0]): Promise<Uint8Array> => letterheadPdf(draw);
import { embedTestFont } from '../../test/utils/embedded-fonts';

const rule = (page: PDFPage, x1: number, x2: number, y: number): void =>
  page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.6, color: rgb(0, 0, 0) });

const sorted = (fields: DetectedField[]): DetectedField[] => [...fields].sort((a, b) => a.rect[0] - b.rect[0]);

describe('layout detector: captions printed under the line', () => {
  it('labels a signature rule and a date rule by the captions under them', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'I agree to the terms above.', 72, 740);
      rule(p, 72, 300, 700);
      rule(p, 340, 480, 700);
      text(p, f, 'Signature of Patient or Guardian', 72, 690, 8);
      text(p, f, 'Date', 340, 690, 8);
    });
    const [sig, date] = sorted((await detectFields(pdf)).fields);
    expect(sig).toMatchObject({ kind: 'signature', label: 'Signature of Patient or Guardian' });
    expect(date).toMatchObject({ kind: 'date', label: 'Date' });
    expect(sig.rect[1]).toBeGreaterThanOrEqual(699);
  });

  it('splits one blank into as many fields as it has captions under it, prompted by the label on its left', async () => {
    let blankStart = 0;
    const pdf = await makePdf((p, f) => {
      blankStart = text(p, f, 'PATIENT NAME:', 54, 700) + 4;
      text(p, f, '_'.repeat(50), blankStart, 700);
      text(p, f, 'Last', blankStart + 2, 691, 7);
      text(p, f, 'First', blankStart + 100, 691, 7);
      text(p, f, 'M.I.', blankStart + 200, 691, 7);
    });
    const got = sorted((await detectFields(pdf)).fields);
    expect(got.map((g) => g.label)).toEqual(['Last', 'First', 'M.I.']);
    expect(got.every((g) => g.prompt === 'PATIENT NAME' && g.kind === 'text')).toBe(true);
    expect(got[0].rect[0]).toBeCloseTo(blankStart, 0);
    expect(got[0].rect[2]).toBeLessThan(got[1].rect[0]);
    expect(got[1].rect[0]).toBeCloseTo(blankStart + 99, 0);
  });

  it('does not take the label of the next row for a caption', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Name', 72, 716);
      rule(p, 72, 300, 700);
      text(p, f, 'Address', 72, 686);
      rule(p, 72, 300, 670);
    });
    const got = [...(await detectFields(pdf)).fields].sort((a, b) => b.rect[1] - a.rect[1]);
    expect(got.map((g) => g.label)).toEqual(['Name', 'Address']);
  });

  /**
   * langhorne's signing block: Arial Bold (Liberation Sans Bold here, same metrics) embedded as an Identity-H
   * subset, 12 pt underscore runs, and the captions 11 pt one empty paragraph lower (20-22 pt under the rule's
   * baseline, where captions usually sit 10-14 pt under it).
   */
  it('takes a signing block caption printed an empty paragraph under its rules', async () => {
    const doc = await PDFDocument.create();
    const bold = await embedTestFont(doc, 'sansBold');
    const page = doc.addPage([612, 792]);
    const put = (s: string, x: number, y: number, size: number) => page.drawText(s, { x, y, size, font: bold });
    put('By Signing Below I certify That All The Above Information Is True', 72, 275, 11);
    for (const [line, caption] of [
      [215, 195],
      [112, 90],
    ]) {
      put('_'.repeat(36), 72, line, 12);
      put('_'.repeat(24), 72 + bold.widthOfTextAtSize('_'.repeat(36), 12) + 20, line, 12);
      put(line === 215 ? 'Patient/Guardian Signature' : 'Dentist Signature', 72, caption, 11);
      put('Date', 332, caption, 11);
    }
    const fields = sorted((await detectFields(await doc.save())).fields).sort((a, b) => b.rect[1] - a.rect[1]);
    expect(fields.map((f) => [f.kind, f.label])).toEqual([
      ['signature', 'Patient/Guardian Signature'],
      ['date', 'Date'],
      ['signature', 'Dentist Signature'],
      ['date', 'Date'],
    ]);
  });

  it('keeps the label left of a line and puts its one caption in the prompt', async () => {
    const pdf = await makePdf((p, f) => {
      const end = text(p, f, 'Signature:', 72, 700, 11);
      text(p, f, '_'.repeat(32), end + 2, 700, 11);
      text(p, f, 'Patient / Policy Holder', end + 12, 688, 11);
      const dateEnd = text(p, f, 'Date:', 380, 700, 11);
      text(p, f, '_'.repeat(20), dateEnd + 2, 700, 11);
    });
    const [sig, date] = sorted((await detectFields(pdf)).fields);
    expect(sig).toMatchObject({ kind: 'signature', label: 'Signature', prompt: 'Signature: Patient / Policy Holder' });
    expect(date).toMatchObject({ kind: 'date', label: 'Date', prompt: 'Date' });
  });
});
