/**
 * AcroForm meaning on the intake corpus: every intake-dev form is made fillable the way form tools make clinic
 * forms (widgets on the truth rects, names "Text7" / "Check Box12" / "Group3", radio on-states "0", "1", ...,
 * tooltips "undefined", e-sign names for signatures), then read through the AcroForm detector and scored with
 * score-semantics. The widgets carry no meaning, so labels, prompts, choice labels and grouping must come from
 * the printed page. Circled words (mark "circle") have nothing to tick and get no widget.
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/acroform-semantics.bench.ts
 *
 * SHARED_DIR overrides the corpus location (default: ../shared next to the repo); KEEP=1 also writes each
 * fillable PDF next to its truth (.bench-out/acroform-semantics/truth/<id>/original.pdf) for debugging.
 */
import { execFileSync } from 'child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { PDFDocument, PDFName, PDFString, type PDFRadioGroup } from 'pdf-lib';
import { detectFields } from '../src/detection';
import { toPredictions } from './lib/predictions';

const repoRoot = path.resolve(__dirname, '..');
const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
const outRoot = path.join(repoRoot, '.bench-out', 'acroform-semantics');

interface TruthWidget {
  page: number;
  rect: [number, number, number, number];
  kind: string;
  question_id?: string | null;
  mark?: string;
  scored: boolean;
}

async function fillable(flat: Uint8Array, widgets: TruthWidget[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(flat);
  const form = doc.getForm();
  const pages = doc.getPages();
  const groups = new Map<string, PDFRadioGroup>();
  widgets.forEach((w, n) => {
    const [x1, y1, x2, y2] = w.rect;
    const at = { x: x1, y: y1, width: x2 - x1, height: y2 - y1, borderWidth: 0 };
    const page = pages[w.page];
    let field;
    if (w.kind === 'select_one' && w.question_id) {
      let g = groups.get(w.question_id);
      if (!g) {
        g = form.createRadioGroup(`Group${groups.size + 1}`);
        groups.set(w.question_id, g);
      }
      g.addOptionToPage(String(g.getOptions().length), page, at);
      field = g;
    } else if (['select_one', 'select_many', 'checkbox'].includes(w.kind)) {
      field = form.createCheckBox(`Check Box${n + 1}`);
      field.addToPage(page, at);
    } else {
      field = form.createTextField(w.kind === 'signature' ? `Signature${n + 1}_es_:signer:signature` : `Text${n + 1}`);
      field.addToPage(page, at);
    }
    field.acroField.dict.set(PDFName.of('TU'), PDFString.of('undefined'));
  });
  return doc.save();
}

async function main(): Promise<void> {
  const intake = path.join(shared, 'forms', 'intake-dev');
  if (!existsSync(intake)) throw new Error(`corpus not found at ${intake} (set SHARED_DIR)`);
  const truthDir = path.join(outRoot, 'truth');
  const predDir = path.join(outRoot, 'pred');
  mkdirSync(predDir, { recursive: true });
  for (const id of readdirSync(intake).sort()) {
    const truthPath = path.join(intake, id, 'truth.json');
    if (!existsSync(truthPath)) continue;
    const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as { widgets: TruthWidget[] };
    const widgets = truth.widgets.filter((w) => w.scored && w.mark !== 'circle');
    const pdf = await fillable(new Uint8Array(readFileSync(path.join(intake, id, 'flat.pdf'))), widgets);
    mkdirSync(path.join(truthDir, id), { recursive: true });
    writeFileSync(path.join(truthDir, id, 'truth.json'), JSON.stringify({ ...truth, widgets }));
    const res = await detectFields(pdf);
    if (process.env.KEEP) writeFileSync(path.join(truthDir, id, 'original.pdf'), pdf);
    if (res.detector !== 'acroform') throw new Error(`${id}: read by the ${res.detector} detector`);
    writeFileSync(path.join(predDir, `${id}.json`), JSON.stringify({ fields: toPredictions(res) }));
  }
  const scorer = path.join(shared, 'bench', 'score-semantics.mjs');
  console.log('intake-dev made fillable (tool names, "undefined" tooltips), read through the AcroForm:');
  console.log(execFileSync('node', [scorer, '--truth-dir', truthDir, '--pred-dir', predDir], { encoding: 'utf8' }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
