import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedTestFont } from 'test/utils/embedded-fonts';
import { detectFields, type DetectedField } from '../index';

/** A ruled table: column widths, a header row, then one row per entry (two-line entries are taller). */
function table(page: PDFPage, font: PDFFont, x: number, top: number, widths: number[], rows: string[][]): void {
  const line = (x1: number, y1: number, x2: number, y2: number): void =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.5, color: rgb(0, 0, 0) });
  const right = x + widths.reduce((a, b) => a + b, 0);
  let y = top;
  line(x, y, right, y);
  for (const row of rows) {
    const h = 15 * Math.max(...row.map((s) => s.split('\n').length));
    let cx = x;
    row.forEach((s, i) => {
      s.split('\n').forEach((part, k) => page.drawText(part, { x: cx + 3, y: y - 11 - 13 * k, size: 9, font }));
      cx += widths[i];
    });
    y -= h;
    line(x, y, right, y);
  }
  let cx = x;
  for (const w of [0, ...widths]) {
    cx += w;
    line(cx, top, cx, y);
  }
}

const questions = (fields: DetectedField[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of fields.filter((x) => x.questionKey !== null))
    out[f.prompt] = `${out[f.prompt] ? `${out[f.prompt]} ` : `${f.kind}:`}${f.choiceLabel}`;
  return out;
};

describe('grids of empty cells headed by answers (issue 17, class 13; real-dev family history)', () => {
  it('reads each row of a relatives grid and of a narrow Past / Present grid as one question; a text table stays text', async () => {
    const doc = await PDFDocument.create();
    const font = await embedTestFont(doc, 'sans');
    const page = doc.addPage([612, 792]);
    page.drawText('Family history: mark who has had each condition', { x: 50, y: 760, size: 10, font });
    const rel = ['', 'Self', 'Mother', 'Father', 'Siblings', 'Children'];
    table(
      page,
      font,
      50,
      740,
      [150, 40, 50, 50, 50, 50],
      [
        rel,
        ['Diabetes', '', '', '', '', ''],
        ['Blood or bleeding disorders/\nanemia', '', '', '', '', ''],
        ['Stroke', '', '', '', '', ''],
      ],
    );
    table(
      page,
      font,
      50,
      600,
      [150, 24, 34],
      [
        ['Condition', 'Past', 'Present'],
        ['Asthma', '', ''],
        ['Ulcers', '', ''],
      ],
    );
    table(
      page,
      font,
      300,
      600,
      [150, 100],
      [
        ['Medication', 'Dose'],
        ['', ''],
        ['', ''],
      ],
    );
    const res = await detectFields(await doc.save(), { ocr: false });
    const many = 'select_many:Self Mother Father Siblings Children';
    expect(questions(res.fields)).toEqual({
      Diabetes: many,
      'Blood or bleeding disorders/ anemia': many,
      Stroke: many,
      Asthma: 'select_many:Past Present',
      Ulcers: 'select_many:Past Present',
    });
    const medication = res.fields.filter((f) => f.label === 'Medication' || f.label === 'Dose');
    expect(medication.map((f) => f.kind)).toEqual(['text', 'text', 'text', 'text']);
  });
});
