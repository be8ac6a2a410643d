/**
 * Answer-rule figures for bench:detect: condition and format precision / recall (../shared/bench/score-rules.mjs)
 * on the rules dev families (test/fixtures/forms/rules-*, flat and AcroForm) and on real-dev (flat.pdf, when
 * restored). Also runnable alone: npx ts-node -r tsconfig-paths/register --transpile-only bench/lib/rules.ts
 */
import { existsSync, readFileSync, readdirSync } from 'fs';
import path from 'path';
import { pathToFileURL } from 'url';
import { detectFields, type DetectionResult } from '../../src/detection';

type Counts = object;
interface Rate {
  precision: number | null;
  recall: number | null;
  correct: number;
  predicted: number;
  truth: number;
}
interface RulesScorer {
  emptyCounts(): Counts;
  scoreForm(truth: unknown, predictions: unknown): Counts;
  addCounts(a: Counts, b: Counts): Counts;
  summarize(c: Counts): { conditions: Rate; formats: Rate & { byValue: Record<string, Rate> } };
}

// ts-node compiles to CommonJS, where `import()` would become `require()`, which cannot load an ES module.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real dynamic import, not eval of data
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<unknown>;

/** The service's field map shape the scorer reads: field ids, 1-based pages, condition by field id. */
export function rulePredictions(res: DetectionResult): object {
  const id = (i: number) => `f${i}`;
  return {
    fields: res.fields.map((f, i) => ({
      field_id: id(i),
      page: f.page,
      rect: f.rect,
      kind: f.kind,
      format: f.format ?? null,
      condition: f.conditionOn != null ? { field_id: id(f.conditionOn), equals: true } : null,
    })),
  };
}

const pct = (x: number | null) => (x === null ? 'n/a' : (100 * x).toFixed(1));
const rate = (r: Rate) => `P ${pct(r.precision)} R ${pct(r.recall)} (${r.correct}/${r.predicted}/${r.truth})`;

async function scoreSet(scorer: RulesScorer, name: string, forms: [string, string][]): Promise<string> {
  let total = scorer.emptyCounts();
  for (const [pdf, truth] of forms) {
    const res = await detectFields(new Uint8Array(readFileSync(pdf)), { ocr: false });
    total = scorer.addCounts(total, scorer.scoreForm(JSON.parse(readFileSync(truth, 'utf8')), rulePredictions(res)));
  }
  const s = scorer.summarize(total);
  const byValue = Object.entries(s.formats.byValue)
    .map(([v, r]) => `${v} ${pct(r.precision)}/${pct(r.recall)}`)
    .join('  ');
  return `${name.padEnd(26)} ${forms.length} forms  conditions ${rate(s.conditions)} | formats ${rate(s.formats)} | ${byValue}`;
}

/** Lines "set: conditions P R (correct/predicted/truth) | formats P R | per format P/R", figures in %. */
export async function rulesRows(shared: string, repoRoot: string): Promise<string[]> {
  const scorer = (await importEsm(pathToFileURL(path.join(shared, 'bench', 'score-rules.mjs')).href)) as RulesScorer;
  const forms = (dir: string, file: string): [string, string][] =>
    existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .filter((id) => existsSync(path.join(dir, id, file)) && existsSync(path.join(dir, id, 'truth.json')))
          .map((id) => [path.join(dir, id, file), path.join(dir, id, 'truth.json')])
      : [];
  const rulesDev = path.join(repoRoot, 'test', 'fixtures', 'forms');
  const dev = (file: string) =>
    forms(rulesDev, file).filter(([pdf]) => path.basename(path.dirname(pdf)).startsWith('rules-'));
  const lines = [
    await scoreSet(scorer, 'rules dev, flat', dev('flat.pdf')),
    await scoreSet(scorer, 'rules dev, AcroForm', dev('original.pdf')),
  ];
  const real = forms(path.join(shared, 'forms', 'real-dev'), 'flat.pdf');
  lines.push(real.length ? await scoreSet(scorer, 'real-dev, flat', real) : 'real-dev: not restored (restore.sh)');
  return lines;
}

if (require.main === module) {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
  void rulesRows(shared, repoRoot).then((lines) => console.log(lines.join('\n')));
}
