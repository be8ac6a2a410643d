/**
 * AcroForm meaning on the intake corpus, per form: every intake-dev form is made fillable the way form tools make
 * clinic forms (bench/lib/fillable.ts), read through the AcroForm detector and scored with score-semantics.
 * ROUGH=1 makes them the rough way (tick boxes as small text fields, indexed tooltips, no signature widgets).
 * bench:detect prints the pooled rows for intake-dev and real-dev ("AcroForm rows").
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/acroform-semantics.bench.ts
 *
 * SHARED_DIR overrides the corpus location (default: ../shared next to the repo).
 */
import { execFileSync } from 'child_process';
import { existsSync, mkdirSync, writeFileSync } from 'fs';
import path from 'path';
import { readFillable } from './lib/fillable';

const repoRoot = path.resolve(__dirname, '..');
const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
const outRoot = path.join(repoRoot, '.bench-out', 'acroform-semantics');

async function main(): Promise<void> {
  const intake = path.join(shared, 'forms', 'intake-dev');
  if (!existsSync(intake)) throw new Error(`corpus not found at ${intake} (set SHARED_DIR)`);
  const truthDir = path.join(outRoot, 'truth');
  const predDir = path.join(outRoot, 'pred');
  mkdirSync(predDir, { recursive: true });
  for (const run of await readFillable(intake, process.env.ROUGH === '1')) {
    mkdirSync(path.join(truthDir, run.id), { recursive: true });
    writeFileSync(path.join(truthDir, run.id, 'truth.json'), JSON.stringify(run.truth));
    writeFileSync(path.join(predDir, `${run.id}.json`), JSON.stringify({ fields: run.preds }));
  }
  const scorer = path.join(shared, 'bench', 'score-semantics.mjs');
  console.log('intake-dev made fillable, read through the AcroForm:');
  console.log(execFileSync('node', [scorer, '--truth-dir', truthDir, '--pred-dir', predDir], { encoding: 'utf8' }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
