/**
 * Builds the answer-rules dev forms (test/fixtures/forms/rules-*): each family as a flat PDF (pdf-lib drawing:
 * underlines, boxes, table borders) and as a fillable AcroForm over the same page, with a truth.json in the
 * shared corpus convention (form-truth/1: 0-based pages, `format`, `condition` naming the option widget by id).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type Kind = 'text' | 'date' | 'select_one' | 'select_many' | 'checkbox';
export type Format = 'zip' | 'ssn' | 'birth_date';

/** One widget of a row. Blanks are underlines; options are 9 pt boxes with their word after them. */
export interface Item {
  /** Left edge; a blank without it starts just after its printed label. */
  x?: number;
  /** Blank: end x. */
  to?: number;
  kind: Kind;
  /** Printed text before a blank (at `labelX`), or an option's word. */
  text: string;
  labelX?: number;
  /** The question of an option (shared by its options). */
  question?: string;
  prompt?: string;
  format?: Format;
  /** `ref` of the option this blank depends on. */
  when?: string;
  ref?: string;
}

export interface Row {
  /** Text printed at the left of the row (the question), if any. */
  text?: string;
  items: Item[];
  /** Draw the row as a bordered table row with column lines at these x. */
  table?: number[];
}

export interface Family {
  id: string;
  title: string;
  rows: Row[];
}

export interface TruthWidget {
  id: number;
  name: string;
  page: number;
  rect: number[];
  type: string;
  group: string;
  kind: Kind;
  label: string;
  prompt: string;
  question_id: string | null;
  choice_label: string | null;
  required: boolean;
  section: string;
  scored: boolean;
  format: Format | null;
  condition: { widget: number; equals: true } | null;
}

const ROW_PT = 30;
const TOP = 720;
const BOX = 9;

const isBlank = (it: Item) => it.kind === 'text' || it.kind === 'date';
const leftOf = (it: Item, font: PDFFont): number => it.x ?? it.labelX! + font.widthOfTextAtSize(it.text, 10) + 4;

function rectOf(it: Item, y: number, font: PDFFont): [number, number, number, number] {
  const x = leftOf(it, font);
  return isBlank(it) ? [x, y - 3, it.to!, y + 11] : [x, y - 1, x + BOX, y - 1 + BOX];
}

function drawRow(page: PDFPage, font: PDFFont, row: Row, y: number): void {
  const ink = rgb(0, 0, 0);
  if (row.text) page.drawText(row.text, { x: 50, y, size: 10, font });
  if (row.table) {
    page.drawRectangle({ x: 44, y: y - 9, width: 524, height: ROW_PT, borderColor: ink, borderWidth: 0.8 });
    for (const x of row.table) page.drawLine({ start: { x, y: y - 9 }, end: { x, y: y + 21 }, thickness: 0.8 });
  }
  for (const it of row.items) {
    const x = leftOf(it, font);
    if (isBlank(it)) {
      if (it.labelX !== undefined) page.drawText(it.text, { x: it.labelX, y, size: 10, font });
      page.drawLine({ start: { x, y: y - 3 }, end: { x: it.to!, y: y - 3 }, thickness: 0.7 });
    } else {
      page.drawRectangle({ x, y: y - 1, width: BOX, height: BOX, borderColor: ink, borderWidth: 0.8 });
      page.drawText(it.text, { x: x + BOX + 4, y, size: 10, font });
    }
  }
}

/** The flat PDF, the AcroForm PDF and the truth of one family. */
export async function buildFamily(family: Family): Promise<{ flat: Uint8Array; original: Uint8Array; truth: object }> {
  const widgets: TruthWidget[] = [];
  const byRef = new Map<string, number>();
  const pending: [TruthWidget, string][] = [];
  const make = async (fillable: boolean): Promise<Uint8Array> => {
    const doc = await PDFDocument.create();
    doc.setTitle(family.title);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText(family.title, { x: 50, y: 750, size: 14, font });
    const form = doc.getForm();
    const groups = new Map<string, ReturnType<typeof form.createRadioGroup>>();
    family.rows.forEach((row, r) => {
      const y = TOP - r * ROW_PT;
      drawRow(page, font, row, y);
      row.items.forEach((it, k) => {
        const [x1, y1, x2, y2] = rectOf(it, y, font);
        const name = `r${r}_${k}`;
        if (fillable) {
          const at = { x: x1, y: y1, width: x2 - x1, height: y2 - y1, borderWidth: 0 };
          if (isBlank(it)) form.createTextField(name).addToPage(page, at);
          else if (it.kind === 'select_one') {
            const key = it.question!;
            const group = groups.get(key) ?? form.createRadioGroup(key);
            groups.set(key, group);
            group.addOptionToPage(it.text, page, at);
          } else form.createCheckBox(name).addToPage(page, at);
        }
        if (fillable) return;
        const choice = !isBlank(it);
        const w: TruthWidget = {
          id: widgets.length,
          name,
          page: 0,
          rect: [x1, y1, x2, y2],
          type: choice ? (it.kind === 'select_one' ? 'radio' : 'checkbox') : 'text',
          group: choice ? 'choice' : 'text',
          kind: it.kind,
          label: it.text,
          prompt: it.prompt ?? (choice ? (row.text ?? it.text) : it.text),
          question_id: it.question ?? null,
          choice_label: choice ? it.text : null,
          required: false,
          section: '',
          scored: true,
          format: it.format ?? null,
          condition: null,
        };
        if (it.ref) byRef.set(it.ref, w.id);
        if (it.when) pending.push([w, it.when]);
        widgets.push(w);
      });
    });
    return doc.save();
  };
  const flat = await make(false);
  const original = await make(true);
  for (const [w, ref] of pending) w.condition = { widget: byRef.get(ref)!, equals: true };
  const truth = {
    schema: 'form-truth/1',
    semantics: 'intake-fields/1',
    file: 'flat.pdf',
    pageCount: 1,
    coordinateSpace: 'PDF user space of the page: points, origin bottom-left, y up',
    generator: 'scripts/rules-forms/build.ts',
    widgets,
  };
  return { flat, original, truth };
}
