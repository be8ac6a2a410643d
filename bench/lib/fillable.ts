/**
 * Flat forms made fillable the way form tools make clinic forms, then read through the AcroForm detector: widgets
 * on the truth rects, names "Text7" / "Check Box12" / "Group3", radio on-states "0", "1", ..., tooltips
 * "undefined", e-sign names for signatures. The widgets carry no meaning, so labels, prompts, choice labels and
 * grouping must come from the printed page. Circled words (mark "circle") have nothing to tick and get no widget.
 *
 * `rough` makes them the way the held-back fillable clinic forms were made: tick boxes that are no radio are small
 * text fields, every tooltip is a tool's indexed copy ("Other [3]"), and signature lines get no widget at all (the
 * truth keeps them: they are still to be signed).
 */
import { existsSync, readFileSync, readdirSync } from 'fs';
import path from 'path';
import { PDFDocument, PDFName, PDFString, type PDFRadioGroup } from 'pdf-lib';
import { detectFields } from '../../src/detection';
import { toPredictions, type Prediction } from './predictions';
import { pct, semLine } from './report';
import { pool, type Scorers } from './scorers';

export interface TruthWidget {
  page: number;
  rect: [number, number, number, number];
  kind: string;
  question_id?: string | null;
  mark?: string;
  scored: boolean;
}

export async function fillable(flat: Uint8Array, widgets: TruthWidget[], rough = false): Promise<Uint8Array> {
  const doc = await PDFDocument.load(flat);
  const form = doc.getForm();
  const pages = doc.getPages();
  const groups = new Map<string, PDFRadioGroup>();
  widgets.forEach((w, n) => {
    const [x1, y1, x2, y2] = w.rect;
    const at = { x: x1, y: y1, width: x2 - x1, height: y2 - y1, borderWidth: 0 };
    const page = pages[w.page];
    let field;
    if (rough && w.kind === 'signature') return;
    if (w.kind === 'select_one' && w.question_id && !rough) {
      let g = groups.get(w.question_id);
      if (!g) {
        g = form.createRadioGroup(`Group${groups.size + 1}`);
        groups.set(w.question_id, g);
      }
      g.addOptionToPage(String(g.getOptions().length), page, at);
      field = g;
    } else if (['select_one', 'select_many', 'checkbox'].includes(w.kind) && !rough) {
      field = form.createCheckBox(`Check Box${n + 1}`);
      field.addToPage(page, at);
    } else {
      field = form.createTextField(w.kind === 'signature' ? `Signature${n + 1}_es_:signer:signature` : `Text${n + 1}`);
      field.addToPage(page, at);
    }
    field.acroField.dict.set(PDFName.of('TU'), PDFString.of(rough ? `Other [${n % 7}]` : 'undefined'));
  });
  return doc.save();
}

export interface FillableRun {
  id: string;
  truth: { widgets: TruthWidget[] };
  preds: Prediction[];
}

/** Every form of a corpus made fillable and read through the AcroForm detector. */
export async function readFillable(corpus: string, rough: boolean): Promise<FillableRun[]> {
  const runs: FillableRun[] = [];
  for (const id of readdirSync(corpus).sort()) {
    const truthPath = path.join(corpus, id, 'truth.json');
    const flatPath = path.join(corpus, id, 'flat.pdf');
    if (!existsSync(truthPath) || !existsSync(flatPath)) continue;
    const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as { widgets: TruthWidget[] };
    const widgets = truth.widgets.filter((w) => w.scored && w.mark !== 'circle');
    const res = await detectFields(await fillable(new Uint8Array(readFileSync(flatPath)), widgets, rough));
    if (res.detector !== 'acroform') throw new Error(`${id}: read by the ${res.detector} detector`);
    runs.push({ id, truth: { ...truth, widgets }, preds: toPredictions(res) });
  }
  return runs;
}

const overlap = (a: number[], b: number[]): number => {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h);
};

/** Truth signatures found as signature fields (IoU >= 0.5). */
function signatures(runs: FillableRun[]): string {
  let found = 0;
  let all = 0;
  for (const r of runs)
    for (const t of r.truth.widgets.filter((w) => w.kind === 'signature')) {
      all++;
      if (r.preds.some((p) => p.page === t.page + 1 && p.kind === 'signature' && overlap(p.rect, t.rect) >= 0.5))
        found++;
    }
  return `signatures ${found}/${all} (${pct(all ? found / all : NaN)})`;
}

/** The AcroForm rows of bench:detect: intake-dev and real-dev made fillable, plainly and roughly. */
export async function acroformRows(sc: Scorers, shared: string): Promise<string[]> {
  const out: string[] = [];
  for (const [name, dir] of [
    ['intake-dev', path.join(shared, 'forms', 'intake-dev')],
    ['real-dev', path.join(shared, 'forms', 'real-dev')],
  ] as const) {
    for (const rough of [false, true]) {
      const runs = await readFillable(dir, rough);
      if (!runs.length) continue;
      const counts = runs.map((r) => sc.semantics.scoreForm(r.truth, { fields: r.preds }));
      const label = `${name} ${rough ? 'rough' : 'tool'} (${runs.length})`;
      out.push(`${semLine(label, sc.semantics.summarize(pool(sc.semantics, counts)), NaN)} | ${signatures(runs)}`);
    }
  }
  return out;
}
