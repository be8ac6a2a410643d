/** Government-form conventions of the flat twins (bench:detect's dev set): numbers in ruled rows, cells to write in. */
import { rgb, type PDFPage } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';
import { drawText, letterheadPdf } from '../../test/utils/letterhead-pdf';

const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.7): void =>
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(0, 0, 0) });
/** A printed dash between the parts of a number, drawn as a short thick stroke (VA forms). */
const dash = (page: PDFPage, x: number, y: number): void => line(page, x, y, x + 7, y, 1.4);
const inRange = (f: DetectedField, x1: number, x2: number): boolean => f.rect[0] >= x1 && f.rect[2] <= x2;

describe('detectFields on government-form rows', () => {
  it('ends a dash row at a cell wall: a date and an SSN side by side are two numbers, no part spans the wall', async () => {
    const pdf = await letterheadPdf((p, f) => {
      // One ruled table row: "DATE OF BIRTH __ - __ - ____ | SSN ___ - __ - ____", the dashes level across the wall.
      line(p, 24, 700, 588, 700);
      line(p, 24, 658, 588, 658);
      for (const x of [24, 250, 588]) line(p, x, 658, x, 700);
      drawText(p, f, '1. DATE OF BIRTH (MM-DD-YYYY)', 30, 690, 7);
      drawText(p, f, '2. SOCIAL SECURITY NUMBER', 256, 690, 7);
      for (const x of [150, 200, 300, 350]) dash(p, x, 670);
    });
    const res = await detectFields(pdf);
    const texts = res.fields.filter((x) => x.kind !== 'signature');
    expect(texts).toHaveLength(6);
    expect(texts.filter((x) => inRange(x, 24, 250))).toHaveLength(3);
    expect(texts.filter((x) => inRange(x, 250, 588))).toHaveLength(3);
  });

  it('takes the room under a cell caption beside a cell of Yes/No boxes (a question, not a block of text)', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 24, 700, 588, 700);
      line(p, 24, 640, 588, 640);
      for (const x of [24, 330, 588]) line(p, x, 640, x, 700);
      drawText(p, f, '12A. IS YOUR SPOUSE ALSO A VETERAN?', 30, 690, 7);
      for (const [word, y] of [
        ['YES', 672],
        ['NO', 652],
      ] as const) {
        p.drawRectangle({ x: 34, y, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
        drawText(p, f, word, 48, y + 1, 7);
      }
      drawText(p, f, "12C. SPOUSE'S SERVICE NUMBER (If applicable)", 336, 690, 7);
    });
    const res = await detectFields(pdf);
    const number = res.fields.find((x) => x.kind !== 'select_one' && x.kind !== 'checkbox');
    expect(number).toMatchObject({ label: expect.stringContaining("12C. SPOUSE'S SERVICE NUMBER") });
    expect(number!.rect[0]).toBeGreaterThanOrEqual(330);
    expect(number!.rect[3]).toBeLessThan(690);
    expect(res.fields.filter((x) => x.kind === 'select_one')).toHaveLength(2);
  });

  it('writes an amount after the $ printed at the left of an amount cell, under its column header', async () => {
    const pdf = await letterheadPdf((p, f) => {
      for (const y of [700, 676, 652, 628]) line(p, 30, y, 306, y);
      for (const x of [30, 114, 210, 306]) line(p, x, 628, x, 700);
      drawText(p, f, 'SOURCE', 50, 684, 7);
      drawText(p, f, 'AMOUNT', 145, 684, 7);
      drawText(p, f, 'OWNER', 240, 684, 7);
      for (const [source, y] of [
        ['SOCIAL SECURITY', 658],
        ['U.S. CIVIL SERVICE', 634],
      ] as const) {
        drawText(p, f, source, 36, y + 6, 7);
        drawText(p, f, '$', 118, y - 4, 8);
      }
    });
    const res = await detectFields(pdf);
    const amounts = res.fields.filter((x) => x.rect[0] > 114 && x.rect[2] < 210);
    expect(amounts).toHaveLength(2);
    for (const a of amounts) {
      expect(a.rect[0]).toBeGreaterThan(122);
      expect(a.label).toBe('AMOUNT');
    }
  });

  it('reads a word printed one letter per line in the next cell as no block of text (W-2 box 12 "Code")', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 331, 612, 576, 612);
      line(p, 331, 588, 576, 588);
      for (const x of [331, 453, 576]) line(p, x, 588, x, 612);
      drawText(p, f, '11 Nonqualified plans', 335, 604, 7);
      drawText(p, f, '12a See instructions for box 12', 457, 604, 7);
      for (const [i, ch] of [...'Code'].entries()) drawText(p, f, ch, 458, 600 - 3.5 * i, 4);
    });
    const res = await detectFields(pdf);
    const plans = res.fields.find((x) => x.label === '11 Nonqualified plans');
    expect(plans).toBeDefined();
    expect(plans!.rect[2]).toBeLessThanOrEqual(453);
    expect(plans!.rect[3]).toBeLessThan(604);
  });

  it('writes one number in a white entry box divided into digit groups (an SSN in a tinted tax-form table)', async () => {
    const pdf = await letterheadPdf((p, f) => {
      p.drawRectangle({ x: 90, y: 380, width: 430, height: 80, color: rgb(0.96, 0.98, 0.97) });
      drawText(p, f, '(1) First name', 100, 430, 7);
      drawText(p, f, '(2) Social security number', 270, 430, 7);
      drawText(p, f, '(3) Relationship', 360, 430, 7);
      for (const y of [426, 414, 402]) line(p, 93, y, 418, y, 0.5);
      for (const x of [93, 266, 353, 418]) line(p, x, 402, x, 426, 0.5);
      for (const y of [414, 402]) p.drawRectangle({ x: 266.4, y, width: 86.4, height: 12, color: rgb(1, 1, 1) });
      for (const x of [293, 311]) line(p, x, 402, x, 426, 0.5);
    });
    const res = await detectFields(pdf);
    const ssn = res.fields.filter((x) => x.rect[0] > 260 && x.rect[2] < 356);
    expect(ssn).toHaveLength(2);
    for (const x of ssn) expect(x.rect[2] - x.rect[0]).toBeGreaterThan(80);
  });

  it('takes the room after an "Other:" option on a ruled row as its write-in', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 24, 700, 588, 700);
      line(p, 24, 660, 588, 660);
      for (const x of [24, 588]) line(p, x, 660, x, 700);
      drawText(p, f, '15A.3 REASON FOR TERMINATION', 30, 690, 8);
      for (const [word, x] of [
        ['Death', 40],
        ['Divorce', 120],
        ['Annulment', 200],
        ['Other:', 290],
      ] as const) {
        p.drawCircle({ x: x - 8, y: 671, size: 4, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
        drawText(p, f, word, x, 668, 8);
      }
    });
    const res = await detectFields(pdf);
    const writeIn = res.fields.find((x) => x.kind === 'text');
    expect(writeIn).toBeDefined();
    expect(writeIn!.rect[0]).toBeGreaterThan(310);
    expect(writeIn!.rect[2]).toBeGreaterThan(500);
    expect(res.fields.filter((x) => x.kind === 'select_one')).toHaveLength(4);
  });

  it('puts no blank between a label and the format hint of the dash row after it', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 24, 700, 588, 700);
      line(p, 24, 640, 588, 640);
      for (const x of [24, 588]) line(p, x, 640, x, 700);
      drawText(p, f, '15A.2 DATE AND PLACE OF MARRIAGE', 28, 648, 8);
      drawText(p, f, '(MM-DD-YYYY)', 220, 648, 8);
      for (const x of [320, 368]) dash(p, x, 650);
    });
    const res = await detectFields(pdf);
    expect(res.fields.filter((x) => x.rect[0] < 220)).toEqual([]);
    expect(res.fields.filter((x) => x.rect[0] > 270)).toHaveLength(3);
  });

  it('takes a short label wrapped over two lines ("No. &" over "Street") as one, its blank beside both lines', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 24, 414, 588, 414);
      line(p, 24, 340, 588, 340);
      for (const x of [24, 588]) line(p, x, 340, x, 414);
      drawText(p, f, '10. COMPLETE MAILING ADDRESS OF VETERAN/CLAIMANT', 37, 406, 7);
      drawText(p, f, 'No. &', 29.5, 397, 7);
      drawText(p, f, 'Street', 29.5, 386.7, 7);
      drawText(p, f, 'Apt./Unit Number', 29.5, 370.5, 7);
      drawText(p, f, 'City', 205, 370.5, 7);
    });
    const res = await detectFields(pdf);
    const street = res.fields.find((x) => x.rect[1] > 380);
    expect(street).toBeDefined();
    expect(street!.rect[0]).toBeGreaterThan(48);
    expect(street!.rect[1]).toBeLessThan(387);
    expect(street!.rect[3]).toBeGreaterThan(400);
    expect(street!.rect[2]).toBeGreaterThan(560);
  });

  it('gives a 6 pt drawn circle a tick target of 7 pt centred on it', async () => {
    const pdf = await letterheadPdf((p, f) => {
      drawText(p, f, '15. SELECT ONLY ONE', 34, 712, 7);
      for (const [word, x] of [
        ['COMPENSATION', 58],
        ['FIDUCIARY', 200],
      ] as const) {
        p.drawCircle({ x: x - 6.9, y: 701.4, size: 3, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
        drawText(p, f, word, x, 699.4, 7);
      }
    });
    const res = await detectFields(pdf);
    const options = res.fields.filter((x) => x.kind === 'select_one');
    expect(options).toHaveLength(2);
    for (const o of options) {
      expect(o.rect[2] - o.rect[0]).toBeCloseTo(7, 1);
      expect((o.rect[1] + o.rect[3]) / 2).toBeCloseTo(701.4, 0);
    }
  });

  it('puts no blank after a heading printed on a grey band in a ruled row', async () => {
    const pdf = await letterheadPdf((p, f) => {
      line(p, 24, 722.8, 588, 722.8);
      line(p, 24, 698.7, 588, 698.7);
      for (const x of [24, 588]) line(p, x, 698.7, x, 722.8);
      p.drawRectangle({ x: 25.1, y: 699.1, width: 562.3, height: 23.5, color: rgb(0.85, 0.85, 0.85) });
      drawText(p, f, "CURRENT SPOUSE'S PREVIOUS MARITAL INFORMATION", 196, 713.3, 8);
      drawText(p, f, '(If no prior marriages, this section may be left blank)', 214, 703.7, 8);
    });
    const res = await detectFields(pdf);
    expect(res.fields).toEqual([]);
  });

  it('finds no blanks in a table of printed text under its header row', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const cols = [31, 306, 405, 589];
      const rows = [342.5, 328.5, 301.2, 280.2];
      p.drawRectangle({ x: 31, y: 328.5, width: 558, height: 14, color: rgb(0.75, 0.75, 0.75) });
      for (const y of rows) line(p, 31, y, 589, y);
      for (const x of cols) line(p, x, 280.2, x, 342.5);
      ['If you are ...', 'Instructions', 'Application'].forEach((h, i) => drawText(p, f, h, cols[i] + 4, 332, 10));
      const body = [
        ['claiming additional benefits for a spouse', 'Pages 3 and 4', 'Pages 8 and 9'],
        ['reporting a divorce', 'Page 5', 'Page 12'],
      ];
      body.forEach((cells, r) => cells.forEach((t, i) => drawText(p, f, t, cols[i] + 3.4, rows[r + 1] - 9.3, 10)));
    });
    const res = await detectFields(pdf);
    expect(res.fields).toEqual([]);
  });

  it('reads the quarter arcs of a rounded box as its corners, not as radio circles', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const [x1, y1, x2, y2, r] = [28.8, 219, 86.4, 249, 5];
      const arc = (x: number, y: number, d: string): void =>
        p.drawSvgPath(d, { x, y, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
      arc(x1, y2, `M 0 ${r} C 0 2.2 2.2 0 ${r} 0`);
      arc(x2 - r, y2, `M 0 0 C 2.8 0 ${r} 2.2 ${r} ${r}`);
      arc(x1, y1 + r, `M 0 0 C 0 2.8 2.2 ${r} ${r} ${r}`);
      arc(x2 - r, y1 + r, `M 0 ${r} C 2.8 ${r} ${r} 2.8 ${r} 0`);
      line(p, x1 + r, y2, x2 - r, y2, 0.5);
      line(p, x1 + r, y1, x2 - r, y1, 0.5);
      line(p, x1, y1 + r, x1, y2 - r, 0.5);
      line(p, x2, y1 + r, x2, y2 - r, 0.5);
      drawText(p, f, 'Attach Sch. B', 34, 237, 7);
      drawText(p, f, 'if required.', 34, 228, 7);
    });
    const res = await detectFields(pdf);
    expect(res.fields.filter((x) => x.kind === 'select_one' || x.kind === 'checkbox')).toEqual([]);
  });

  it('reads a box filled and outlined in one operation (pdf-lib `B`) as shaded: its heading gives no field', async () => {
    const pdf = await letterheadPdf((p, f) => {
      const grey = { color: rgb(0.7, 0.7, 0.7), borderColor: rgb(0, 0, 0), borderWidth: 0.7 };
      p.drawRectangle({ x: 58, y: 650, width: 300, height: 30, ...grey });
      drawText(p, f, 'PATIENT INFORMATION', 62, 670);
      p.drawRectangle({ x: 58, y: 610, width: 300, height: 40, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
      drawText(p, f, 'Name', 62, 640, 8);
    });
    const res = await detectFields(pdf);
    expect(res.fields.map((x) => x.label)).toEqual(['Name']);
  });
});
