/**
 * Rows a word-processor intake form prints that the class families did not cover, found by trying nine new forms
 * (session 10): a unit after a short blank, a phone number in parts, a list of boxes down one column under its
 * question, a scale typed a space apart after "(circle one):", captions typed with spaces under their rules.
 */
import { rgb } from 'pdf-lib';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';
import { drawSquare as square, drawText as text, letterheadPdf } from '../../test/utils/letterhead-pdf';

const makePdf = (draw: Parameters<typeof letterheadPdf>[0]): Promise<Uint8Array> => letterheadPdf(draw);

const isChoice = (f: DetectedField): boolean => ['select_one', 'select_many', 'checkbox'].includes(f.kind);
const byX = (fields: DetectedField[]): DetectedField[] => [...fields].sort((a, b) => a.rect[0] - b.rect[0]);

describe('layout detector: rows of a word-processor intake form', () => {
  it('reads `Height: ____ ft ____ in  Weight: ____ lbs` as blanks with units, not as tick spaces', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Height: ______ ft ______ in      Weight: __________ lbs', 72, 700);
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.filter(isChoice)).toHaveLength(0);
    expect(byX(fields).map((f) => f.label)).toEqual(['Height', 'Height (in)', 'Weight']);
  });

  it('keeps `____ Yes  ____ No` tick spaces a choice (a unit word is the only exception)', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Do you exercise?   ____ Yes   ____ No', 72, 700);
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.map((c) => c.choiceLabel)).toEqual(['Yes', 'No']);
  });

  it('makes `Phone: (____) _____-______` one phone field from the parenthesis to the end', async () => {
    let start = 0;
    const pdf = await makePdf((p, f) => {
      start = text(p, f, 'Phone: ', 72, 700);
      text(p, f, '(______) ________-____________', start, 700);
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields).toHaveLength(1);
    expect(fields[0]).toMatchObject({ kind: 'phone', label: 'Phone' });
    expect(fields[0].rect[0]).toBeCloseTo(start, 0);
  });

  it('makes boxes down one column under a question one question, however few', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'How did you hear about us?', 72, 700);
      ['Friend or family member', 'Internet search', 'My insurance company'].forEach((w, i) => {
        square(p, 72, 684 - 16 * i);
        text(p, f, w, 86, 684 - 16 * i);
      });
      text(p, f, 'Are you pregnant?', 72, 620);
      ['Yes', 'No'].forEach((w, i) => {
        square(p, 72, 604 - 16 * i);
        text(p, f, w, 86, 604 - 16 * i);
      });
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    const heard = got.filter((c) => c.prompt === 'How did you hear about us?');
    expect(heard.map((c) => c.choiceLabel)).toEqual([
      'Friend or family member',
      'Internet search',
      'My insurance company',
    ]);
    expect(new Set(heard.map((c) => c.questionKey)).size).toBe(1);
    const pregnant = got.filter((c) => c.prompt === 'Are you pregnant?');
    expect(pregnant.map((c) => [c.kind, c.choiceLabel])).toEqual([
      ['select_one', 'Yes'],
      ['select_one', 'No'],
    ]);
    expect(pregnant[0].questionKey).toBe(pregnant[1].questionKey);
  });

  it('leaves two consent boxes under a heading two check boxes', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'CONSENT', 72, 700);
      square(p, 72, 684);
      text(p, f, 'I consent to treatment by the providers of this practice', 86, 684);
      square(p, 72, 668);
      text(p, f, 'I have received the notice of privacy practices', 86, 668);
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.map((c) => c.kind)).toEqual(['checkbox', 'checkbox']);
  });

  it('reads a 0-10 scale typed a space apart after "(circle one):" as eleven options', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Rate your pain today (circle one): 0 1 2 3 4 5 6 7 8 9 10', 72, 700);
      // A legend after a "circle one" instruction is no option list.
      text(p, f, 'How often have you been bothered? Circle one number per line: 0 = Not at', 72, 660);
      text(p, f, 'all, 1 = Several days, 2 = More than half the days', 72, 648);
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.map((c) => c.choiceLabel)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(got.every((c) => c.prompt === 'Rate your pain today' && c.mark === 'circle')).toBe(true);
  });

  it('reads words to circle over a row of text and boxes as options, not as the boxes’ column header', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Marital Status (circle one):    Single    Married    Divorced    Widowed', 72, 700);
      text(p, f, 'Height: ________________      Weight: ________________', 72, 681);
      const x = text(p, f, 'Are you pregnant?', 72, 662);
      square(p, x + 10, 662);
      text(p, f, 'Yes', x + 22, 662);
      square(p, x + 50, 662);
      text(p, f, 'No', x + 62, 662);
    });
    const got = (await detectFields(pdf)).fields.filter((c) => c.prompt === 'Marital Status');
    expect(got.map((c) => c.choiceLabel)).toEqual(['Single', 'Married', 'Divorced', 'Widowed']);
  });

  it('makes no field of the empty header cell over a grid’s second column of questions', async () => {
    const cols = [72, 260, 280, 300, 488, 508, 528];
    const heads = ['Do you have any of the following?', 'Y', 'N', '', 'Y', 'N'];
    const rows = [
      ['Chest pain', 'Nausea'],
      ['Dizziness', 'Headaches'],
      ['Fever or chills', 'Rash'],
    ];
    const pdf = await makePdf((p, f) => {
      const top = 700;
      for (let r = 0; r <= rows.length; r++)
        for (let k = 0; k + 1 < cols.length; k++) {
          const y = top - 16 * r;
          p.drawRectangle({
            x: cols[k],
            y,
            width: cols[k + 1] - cols[k],
            height: 16,
            borderWidth: 0.5,
            borderColor: rgb(0, 0, 0),
          });
          if (r === 0) text(p, f, heads[k], cols[k] + 3, y + 4, 9);
          else if (k === 0 || k === 3) text(p, f, rows[r - 1][k === 0 ? 0 : 1], cols[k] + 3, y + 4, 9);
          else square(p, cols[k] + 6, y + 4);
        }
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.filter((c) => !isChoice(c))).toEqual([]);
    expect(fields.filter(isChoice)).toHaveLength(12);
  });

  it('keeps the empty value cell over rows of options beside their boxes', async () => {
    const pdf = await makePdf((p, f) => {
      const rows: Array<[string, string[]]> = [
        ['Email address', []],
        ['Marital status', ['Single', 'Married', 'Divorced']],
        ['Preferred contact', ['Cell phone', 'Email', 'Text']],
      ];
      rows.forEach(([label, options], r) => {
        const y = 700 - 18 * r;
        p.drawRectangle({ x: 72, y, width: 150, height: 18, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
        p.drawRectangle({ x: 222, y, width: 320, height: 18, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
        text(p, f, label, 76, y + 5, 9);
        options.forEach((o, k) => {
          square(p, 228 + 90 * k, y + 5);
          text(p, f, o, 240 + 90 * k, y + 5, 9);
        });
      });
    });
    const email = (await detectFields(pdf)).fields.filter((c) => c.kind === 'email');
    expect(email.map((c) => c.label)).toEqual(['Email address']);
  });

  it('labels rules by the captions typed under them, one starting a little left of its rule', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Primary Insurance: ________________   Policy #: ____________', 72, 720);
      const x = text(p, f, '____________________________________', 72, 698);
      text(p, f, '____________________', x + 36, 698);
      text(p, f, 'Signature of Patient or Legal Guardian', 72, 688, 8);
      text(p, f, 'Date', x + 26, 688, 8);
    });
    const row = byX((await detectFields(pdf)).fields.filter((c) => c.rect[1] < 710));
    expect(row.map((c) => [c.kind, c.label])).toEqual([
      ['signature', 'Signature of Patient or Legal Guardian'],
      ['date', 'Date'],
    ]);
  });

  it('makes short blanks before statements under "please initial each" initials fields, one per statement', async () => {
    const statements = [
      'I understand that payment is due at the time of service.',
      'I have received a copy of the Notice of Privacy Practices.',
    ];
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Office Policies (please initial each)', 72, 700, 11);
      statements.forEach((st, i) => text(p, f, `_______   ${st}`, 72, 680 - 20 * i));
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.map((x) => [x.kind, x.label, x.prompt, x.questionKey])).toEqual(
      statements.map((st) => ['initials', 'Initials', st, null]),
    );
  });

  it('takes an X glued to a long line for the place to sign, and a long signing caption under it', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'I agree to the office policies above.', 72, 720);
      text(p, f, 'X________________________________________', 72, 698);
      text(p, f, 'Signature of Patient (or Parent/Guardian if a minor)', 72, 688, 7);
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields).toHaveLength(1);
    expect(fields[0].kind).toBe('signature');
  });

  it('does not take the caption line of the blanks above a row of boxes for its question', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, '____________________________   _________________________   ______', 72, 720);
      text(p, f, '(Last)                                                       (First)', 72, 711, 7);
      const xs = [72, 150, 230];
      ['Married:', 'Single:', 'Divorced:'].forEach((w, i) => square(p, text(p, f, w, xs[i], 692) + 4, 692));
    });
    const boxes = (await detectFields(pdf)).fields.filter(isChoice);
    expect(boxes.map((b) => b.choiceLabel)).toEqual(['Married', 'Single', 'Divorced']);
    expect(boxes.every((b) => b.prompt === '')).toBe(true);
  });

  it('reads dot leaders from questions to `Yes No` in two columns as leaders, each pair its question’s', async () => {
    const pdf = await makePdf((p, f) => {
      const questions = [
        ['Are you under a physician’s care now?', 'Have you ever been hospitalized?'],
        ['Do you take any medications?', 'Are you allergic to penicillin?'],
      ];
      questions.forEach(([a, b], i) => {
        const y = 700 - 18 * i;
        const dots = (from: number, to: number): number =>
          text(p, f, '.'.repeat(Math.floor((to - from) / 2.8)), from, y);
        // The first column's answers and the second question are one phrase: under a phrase gap apart.
        const yesNo = dots(text(p, f, a, 72, y), 270) + 2;
        dots(text(p, f, b, text(p, f, 'Yes  No', yesNo, y) + 9, y), 500);
        text(p, f, 'Yes  No', 504, y);
      });
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.filter((x) => !isChoice(x))).toEqual([]);
    const prompts = [...new Set(fields.map((x) => x.prompt))];
    expect(prompts).toEqual([
      'Are you under a physician’s care now?',
      'Have you ever been hospitalized?',
      'Do you take any medications?',
      'Are you allergic to penicillin?',
    ]);
    expect(fields.map((x) => x.choiceLabel)).toEqual(Array(4).fill(['Yes', 'No']).flat());
  });

  it('prompts the write-in after an "Other" option by that option’s question', async () => {
    const pdf = await makePdf((p, f) => {
      let x = text(p, f, 'How did you hear about us?', 72, 700) + 10;
      for (const w of ['Friend', 'Internet', 'Other:']) {
        square(p, x, 700);
        x = text(p, f, w, x + 12, 700) + 14;
      }
      text(p, f, '______________', x - 10, 700);
    });
    const writeIn = (await detectFields(pdf)).fields.filter((x) => !isChoice(x));
    expect(writeIn.map((x) => [x.label, x.prompt])).toEqual([['Other', 'How did you hear about us?']]);
  });

  it('finds the room after each label of a two-column table of `Label:` cells, left column included', async () => {
    const rows = [
      ['Name:', 'Date of Birth:'],
      ['Home Phone:', 'Cell Phone:'],
    ];
    const pdf = await makePdf((p, f) => {
      rows.forEach((pair, r) =>
        pair.forEach((label, k) => {
          const [x, y] = [72 + 240 * k, 700 - 18 * r];
          p.drawRectangle({ x, y, width: 240, height: 18, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
          text(p, f, label, x + 4, y + 5, 9);
        }),
      );
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.map((x) => x.label).sort()).toEqual(['Cell Phone', 'Date of Birth', 'Home Phone', 'Name']);
    const name = fields.find((x) => x.label === 'Name')!;
    expect(name.rect[2]).toBeLessThanOrEqual(312);
  });

  it('labels the parts of a name line by their parenthesised captions, without the parentheses', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, '____________________________   _________________________   ______', 72, 720);
      text(p, f, '(Last)', 72, 711, 7);
      text(p, f, '(First)', 230, 711, 7);
      text(p, f, '(MI)', 372, 711, 7);
    });
    const fields = byX((await detectFields(pdf)).fields);
    expect(fields.map((x) => x.label)).toEqual(['Last', 'First', 'MI']);
  });

  it('reads words set apart after "(circle one):" or "(circle):" as options, asked by the text since the blank', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Title (circle one):   Mr.   Mrs.   Ms.   Dr.', 72, 700);
      text(p, f, 'Name: ______________________   Sex (circle):   M   F', 72, 680);
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.map((c) => [c.prompt, c.choiceLabel])).toEqual([
      ['Title', 'Mr.'],
      ['Title', 'Mrs.'],
      ['Title', 'Ms.'],
      ['Title', 'Dr.'],
      ['Sex', 'M'],
      ['Sex', 'F'],
    ]);
  });

  it('lets "(check all that apply)" in a question’s prompt decide that question only', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Race (check all that apply):', 72, 700);
      ['Asian', 'Black or African American', 'White'].forEach((w, i) => {
        square(p, 80, 684 - 16 * i);
        text(p, f, w, 94, 684 - 16 * i);
      });
      let x = text(p, f, 'Result of last Pap smear:', 72, 620) + 10;
      for (const w of ['Normal', 'Abnormal']) {
        square(p, x, 620);
        x = text(p, f, w, x + 12, 620) + 14;
      }
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.filter((c) => c.prompt === 'Race (check all that apply)').every((c) => c.kind === 'select_many')).toBe(
      true,
    );
    expect(got.filter((c) => c.prompt === 'Result of last Pap smear').map((c) => c.kind)).toEqual([
      'select_one',
      'select_one',
    ]);
  });

  it('reads `Yes___  No___` and `[ ] Yes  [ ] No` as one pick-one question each', async () => {
    const pdf = await makePdf((p, f) => {
      text(p, f, 'Do you have diabetes?    Yes___   No___', 72, 700);
      text(p, f, 'Any recent falls?    [ ] Yes   [ ] No', 72, 680);
    });
    const got = (await detectFields(pdf)).fields;
    expect(got.map((c) => [c.kind, c.prompt, c.choiceLabel])).toEqual([
      ['select_one', 'Do you have diabetes?', 'Yes'],
      ['select_one', 'Do you have diabetes?', 'No'],
      ['select_one', 'Any recent falls?', 'Yes'],
      ['select_one', 'Any recent falls?', 'No'],
    ]);
  });

  it('splits a row of boxes at the cell walls between them, each cell prompted by its own caption', async () => {
    const pdf = await makePdf((p, f) => {
      const cells: Array<[string, string[]]> = [
        ['SEX', ['M', 'F']],
        ['MARITAL STATUS', ['S', 'M', 'D', 'W']],
        ['HOME PHONE', []],
      ];
      cells.forEach(([caption, options], k) => {
        const x = 72 + 150 * k;
        p.drawRectangle({ x, y: 680, width: 150, height: 26, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
        text(p, f, caption, x + 3, 698, 6.5);
        options.forEach((o, i) => {
          square(p, x + 4 + 30 * i, 684);
          text(p, f, o, x + 15 + 30 * i, 684, 9);
        });
      });
    });
    const got = (await detectFields(pdf)).fields.filter(isChoice);
    expect(got.map((c) => [c.prompt, c.choiceLabel])).toEqual([
      ['SEX', 'M'],
      ['SEX', 'F'],
      ['MARITAL STATUS', 'S'],
      ['MARITAL STATUS', 'M'],
      ['MARITAL STATUS', 'D'],
      ['MARITAL STATUS', 'W'],
    ]);
  });

  it('makes no field of the room after a heading printed in a grey table band (as a scan reads it: not bold)', async () => {
    const pdf = await makePdf((p, f) => {
      const band = { x: 72, width: 460, borderWidth: 0.5, borderColor: rgb(0, 0, 0) };
      // A word processor paints the cell's shade, then its borders (OCR finds a grey row the same way).
      p.drawRectangle({ x: 72, y: 700, width: 460, height: 18, color: rgb(0.75, 0.75, 0.75) });
      p.drawRectangle({ ...band, y: 700, height: 18 });
      text(p, f, 'PATIENT INFORMATION', 76, 705, 9);
      p.drawRectangle({ ...band, y: 682, height: 18 });
      text(p, f, 'Name:', 76, 687, 9);
    });
    const fields = (await detectFields(pdf)).fields;
    expect(fields.map((x) => x.label)).toEqual(['Name']);
  });
});
