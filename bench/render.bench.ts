/**
 * Render bench: renderCompletedPdf vs the floor (pdf-lib alone: load + save of the same PDF with the
 * same options). Field maps come from src/detection's detectFields when it exists and works; otherwise
 * from a bench-only AcroForm reader below (dev forms) or truth.json (intake flat forms).
 *
 *   npm run bench:render            SHARED_DIR=... overrides ../shared; RENDER_RUNS=15; RENDER_OUT=dir writes outputs;
 *                                   RENDER_CLOCK=wall times wall-clock instead of this process's CPU time
 */
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import {
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFRef,
  PDFSignature,
  PDFTextField,
} from 'pdf-lib';
import type { DetectedField, DetectionResult, FieldKind, Rect } from '../src/shared/field-map';
import { renderCompletedPdf, type RenderField } from '../src/rendering';
import { LOAD_OPTIONS, SAVE_OPTIONS } from '../src/rendering/render';
import { makeSignaturePng } from '../src/rendering/test-support';

const repoRoot = path.resolve(__dirname, '..');
const sharedDir = process.env.SHARED_DIR ?? path.resolve(repoRoot, '..', 'shared');
const RUNS = Number(process.env.RENDER_RUNS ?? 15);
const WARMUPS = 2;
const outDir = process.env.RENDER_OUT;
const INTAKE = ['boxed-grid-1011', 'lines-two-column-1021', 'typewriter-1042'];

type Detect = (pdf: Uint8Array) => Promise<DetectionResult>;

function loadDetector(): Detect | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('../src/detection') as { detectFields?: Detect };
    return typeof mod.detectFields === 'function' ? mod.detectFields : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// BENCH-ONLY field map from the PDF's own AcroForm (used when detectFields is missing or fails).
// ---------------------------------------------------------------------------------------------
async function benchAcroFormFields(pdf: Uint8Array): Promise<DetectedField[]> {
  const doc = await PDFDocument.load(pdf, LOAD_OPTIONS);
  const pageOf = new Map<PDFDict, number>();
  doc.getPages().forEach((p, i) => {
    const annots = p.node.Annots();
    for (let k = 0; annots && k < annots.size(); k++) {
      const d = doc.context.lookup(annots.get(k));
      if (d instanceof PDFDict) pageOf.set(d, i + 1);
    }
  });
  const fields: DetectedField[] = [];
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    const widgets = field.acroField.getWidgets();
    widgets.forEach((w, widgetIndex) => {
      const page =
        pageOf.get(w.dict) ?? (w.P() instanceof PDFRef ? doc.getPages().findIndex((p) => p.ref === w.P()) + 1 : 0);
      if (page < 1) return;
      const r = w.getRectangle();
      const rect: Rect = [r.x, r.y, r.x + r.width, r.y + r.height];
      const base = {
        page,
        rect,
        label: name,
        prompt: name,
        choiceLabel: null,
        questionKey: null,
        required: false,
        confidence: 1,
      };
      let kind: FieldKind | null = null;
      const extra: Partial<DetectedField> = {};
      if (field instanceof PDFTextField) {
        kind = /date|dob/i.test(name) ? 'date' : 'text';
        const max = field.getMaxLength();
        if (field.isCombed() && max) extra.combCells = max;
        if (max) extra.maxLength = max;
        if (field.isMultiline()) extra.multiline = true;
      } else if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) {
        kind = field instanceof PDFRadioGroup ? 'select_one' : 'checkbox';
        const on = w.getOnValue()?.decodeText();
        Object.assign(extra, {
          questionKey: widgets.length > 1 || kind === 'select_one' ? name : null,
          choiceLabel: on ?? null,
        });
        extra.acroform = { fieldName: name, widgetIndex, value: on };
      } else if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
        kind = 'text';
        extra.choiceLabel = field.getOptions()[0] ?? null;
      } else if (field instanceof PDFSignature) {
        kind = 'signature';
      }
      if (!kind) return;
      fields.push({ ...base, kind, acroform: { fieldName: name, widgetIndex }, ...extra } as DetectedField);
    });
  }
  return fields;
}

/** BENCH-ONLY: intake truth.json widgets as a field map (when detectFields is not available). */
function benchTruthFields(truthPath: string): DetectedField[] {
  const truth = JSON.parse(fs.readFileSync(truthPath, 'utf8')) as {
    widgets: Array<{
      page: number;
      rect: Rect;
      kind: FieldKind;
      label: string;
      prompt: string;
      question_id: string | null;
      choice_label: string | null;
      required: boolean;
    }>;
  };
  return truth.widgets.map((w) => ({
    kind: w.kind,
    page: w.page + 1,
    rect: w.rect,
    label: w.label,
    prompt: w.prompt,
    choiceLabel: w.choice_label,
    questionKey: w.question_id,
    required: w.required,
    confidence: 1,
  }));
}

const SAMPLE_TEXT = [
  'Zoë Ðorđević',
  'Łukasz Kowalski',
  '1600 Pennsylvania Ave NW, Washington DC 20500',
  'Αθηνά Παππά',
  'Иван Петров',
  'jane.doe@example.com',
  '555-123-4567',
  'Patient reports intermittent headaches for three weeks, worse in the morning; no fever.',
];

/** The bench's answers for a field map (bench/render-profile.ts uses them too). */
export function answersFor(
  fields: RenderField[],
  png: Uint8Array,
): { answers: Record<string, string | boolean>; signatures: Record<string, Uint8Array> } {
  const answers: Record<string, string | boolean> = {};
  const signatures: Record<string, Uint8Array> = {};
  const seenQuestion = new Set<string>();
  fields.forEach((f, i) => {
    switch (f.kind) {
      case 'signature':
        signatures[f.fieldId] = png;
        break;
      case 'date':
        answers[f.fieldId] = '2024-03-15';
        break;
      case 'select_one': {
        const q = f.questionKey ?? f.fieldId;
        answers[f.fieldId] = !seenQuestion.has(q);
        seenQuestion.add(q);
        break;
      }
      case 'select_many':
      case 'checkbox':
        answers[f.fieldId] = i % 2 === 0;
        break;
      default:
        if (f.combCells) answers[f.fieldId] = '1234567890123456789'.slice(0, f.combCells);
        else if (f.choiceLabel && f.acroform && !f.acroform.value) answers[f.fieldId] = f.choiceLabel;
        else answers[f.fieldId] = SAMPLE_TEXT[i % SAMPLE_TEXT.length];
    }
  });
  return { answers, signatures };
}

function stats(xs: number[]): { median: number; p95: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { median: at(0.5), p95: at(0.95) };
}

/**
 * Runs the functions alternately (render, floor, floor(def), render, ...) so machine load hits all alike. Measures
 * this process's CPU time (user + system) per call by default: on a machine shared with other work, wall-clock time
 * mostly measures the neighbours (RENDER_CLOCK=wall for wall-clock time).
 */
const CLOCK = process.env.RENDER_CLOCK === 'wall' ? 'wall' : 'cpu';
const clockMs = (): number => {
  if (CLOCK === 'wall') return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
async function timeInterleaved(fns: Array<() => Promise<unknown>>): Promise<number[][]> {
  for (let i = 0; i < WARMUPS; i++) for (const fn of fns) await fn();
  const out: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < fns.length; k++) {
      const t0 = clockMs();
      await fns[k]();
      out[k].push(clockMs() - t0);
    }
  }
  return out;
}

interface Row {
  id: string;
  fields: number;
  source: string;
  render: { median: number; p95: number };
  floor: number;
  floorDefault: number;
  kb: number;
}

async function benchOne(
  id: string,
  pdfPath: string,
  fieldsFor: (pdf: Uint8Array) => Promise<[DetectedField[], string]>,
): Promise<Row> {
  const pdf = new Uint8Array(fs.readFileSync(pdfPath));
  const [detected, source] = await fieldsFor(pdf);
  const fields: RenderField[] = detected.map((f, i) => ({
    ...f,
    fieldId: `f${i}`,
    questionId: f.questionKey ?? `q${i}`,
  }));
  const { answers, signatures } = answersFor(fields, makeSignaturePng());
  let out: Uint8Array = new Uint8Array();
  const [render, floor, floorDefault] = await timeInterleaved([
    async () => {
      out = await renderCompletedPdf({ pdf, fields, answers, signatures });
    },
    async () => (await PDFDocument.load(pdf, LOAD_OPTIONS)).save(SAVE_OPTIONS),
    async () => (await PDFDocument.load(pdf)).save(),
  ]);
  if (outDir) {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${id}.pdf`), out);
  }
  return {
    id,
    fields: fields.length,
    source,
    render: stats(render),
    floor: stats(floor).median,
    floorDefault: stats(floorDefault).median,
    kb: out.length / 1024,
  };
}

function print(rows: Row[], title: string): void {
  const pad = (s: string, n: number): string => s.padEnd(n);
  const num = (n: number): string => n.toFixed(1).padStart(8);
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    `${pad('form', 24)}${pad('fields', 8)}${pad('map', 10)}  median      p95    floor    ratio  floor(def)   out KiB\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${pad(r.id, 24)}${pad(String(r.fields), 8)}${pad(r.source, 10)}${num(r.render.median)} ${num(r.render.p95)} ${num(r.floor)} ${(r.render.median / r.floor).toFixed(2).padStart(7)}x ${num(r.floorDefault)}   ${r.kb.toFixed(0).padStart(7)}\n`,
    );
  }
  const med = (xs: number[]): number => stats(xs).median;
  process.stdout.write(
    `${pad('overall (median of forms)', 42)}${num(med(rows.map((r) => r.render.median)))} ${num(med(rows.map((r) => r.render.p95)))} ${num(med(rows.map((r) => r.floor)))} ${med(
      rows.map((r) => r.render.median / r.floor),
    )
      .toFixed(2)
      .padStart(7)}x ${num(med(rows.map((r) => r.floorDefault)))}\n`,
  );
  process.stdout.write(`worst ratio: ${Math.max(...rows.map((r) => r.render.median / r.floor)).toFixed(2)}x\n`);
}

async function main(): Promise<void> {
  const detect = loadDetector();
  process.stdout.write(
    `render bench: ${RUNS} runs after ${WARMUPS} warm-ups; ${CLOCK === 'cpu' ? 'CPU' : 'wall-clock'} ms; floor = PDFDocument.load+save with the renderer's options, floor(def) = pdf-lib defaults\n`,
  );
  process.stdout.write(
    `field maps: ${detect ? 'detectFields (src/detection), falling back per form' : 'detectFields not available: bench-only AcroForm reader / intake truth.json'}\n`,
  );

  const viaDetect = async (pdf: Uint8Array): Promise<DetectedField[] | null> => {
    if (!detect) return null;
    try {
      return (await detect(pdf)).fields;
    } catch {
      return null;
    }
  };

  const devDir = path.join(sharedDir, 'forms', 'dev');
  const rows: Row[] = [];
  for (const id of fs.readdirSync(devDir).sort()) {
    const pdfPath = path.join(devDir, id, 'original.pdf');
    if (!fs.existsSync(pdfPath)) continue;
    rows.push(
      await benchOne(id, pdfPath, async (pdf) => {
        const d = await viaDetect(pdf);
        return d ? [d, 'detect'] : [await benchAcroFormFields(pdf), 'acroform'];
      }),
    );
  }
  print(rows, 'AcroForm dev forms (original.pdf)');

  const intakeDir = path.join(sharedDir, 'forms', 'intake-dev');
  const flatRows: Row[] = [];
  for (const id of INTAKE) {
    const pdfPath = path.join(intakeDir, id, 'flat.pdf');
    if (!fs.existsSync(pdfPath)) continue;
    flatRows.push(
      await benchOne(id, pdfPath, async (pdf) => {
        const d = await viaDetect(pdf);
        return d ? [d, 'detect'] : [benchTruthFields(path.join(intakeDir, id, 'truth.json')), 'truth'];
      }),
    );
  }
  if (flatRows.length > 0) print(flatRows, 'Intake flat forms (flat.pdf)');
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
