/**
 * Detection benchmark: runs detectFields over the dev corpus (flat and original PDFs) and the intake corpus,
 * writes predictions to .bench-out/detect/{flat,original,intake}/<id>.json and scores them with the shared scorers.
 * SHARED_DIR overrides the corpus location (default: ../shared next to the repo).
 */
import { execFileSync } from 'child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { detectFields } from '../src/detection';
import { toPredictions } from './lib/predictions';

const repoRoot = path.resolve(__dirname, '..');
const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
const outRoot = path.join(repoRoot, '.bench-out', 'detect');

interface Timing {
  id: string;
  ms: number;
  pages: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

async function runCorpus(name: string, corpusDir: string, file: string): Promise<Timing[]> {
  const outDir = path.join(outRoot, name);
  mkdirSync(outDir, { recursive: true });
  const timings: Timing[] = [];
  for (const id of readdirSync(corpusDir).sort()) {
    const pdfPath = path.join(corpusDir, id, file);
    if (!existsSync(pdfPath)) continue;
    const bytes = new Uint8Array(readFileSync(pdfPath));
    const t0 = performance.now();
    let fields: ReturnType<typeof toPredictions> = [];
    let pages = 1;
    try {
      const res = await detectFields(bytes);
      pages = res.pageCount;
      fields = toPredictions(res);
    } catch (e) {
      console.log(`  ${name}/${id}: detection failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const ms = performance.now() - t0;
    timings.push({ id, ms, pages });
    writeFileSync(path.join(outDir, `${id}.json`), JSON.stringify({ fields }, null, 1));
  }
  return timings;
}

function score(script: string, truthDir: string, predDir: string): string {
  try {
    return execFileSync('node', [path.join(shared, 'bench', script), '--truth-dir', truthDir, '--pred-dir', predDir], {
      encoding: 'utf8',
    });
  } catch (e) {
    const err = e as { stdout?: string; message: string };
    return err.stdout ?? `scorer failed: ${err.message}`;
  }
}

function timingLine(name: string, t: Timing[]): string {
  const perPage = t.map((x) => x.ms / Math.max(1, x.pages));
  const total = t.reduce((a, x) => a + x.ms, 0);
  const pages = t.reduce((a, x) => a + x.pages, 0);
  return `${name}: ${t.length} forms, ${pages} pages; ms/page median over forms ${median(perPage).toFixed(1)}, overall ${(total / Math.max(1, pages)).toFixed(1)}`;
}

async function main(): Promise<void> {
  const dev = path.join(shared, 'forms', 'dev');
  const intake = path.join(shared, 'forms', 'intake-dev');
  if (!existsSync(dev)) throw new Error(`corpus not found at ${dev} (set SHARED_DIR)`);
  // Warm-up: load pdf.js once so the first form does not pay for it.
  await detectFields(new Uint8Array(readFileSync(path.join(dev, readdirSync(dev).sort()[0], 'flat.pdf')))).catch(
    () => undefined,
  );
  const corpora: Array<[string, string, string]> = [
    ['original', dev, 'original.pdf'],
    ['flat', dev, 'flat.pdf'],
    ['intake', intake, 'flat.pdf'],
  ];
  const times: string[] = [];
  for (const [name, dir, file] of corpora) {
    const t = await runCorpus(name, dir, file);
    times.push(timingLine(name, t));
    console.log(`\n=== ${name} (${file}) — detection, IoU 0.5 ===`);
    console.log(score('score-detection.mjs', dir, path.join(outRoot, name)));
    if (name === 'intake') {
      console.log(`=== ${name} — semantics ===`);
      console.log(score('score-semantics.mjs', dir, path.join(outRoot, name)));
    }
  }
  console.log('=== timing ===');
  for (const l of times) console.log(l);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
