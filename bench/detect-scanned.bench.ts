/**
 * npm run bench:detect:scanned: the scanned rows alone (bench:detect prints them too, after the born-digital
 * figures). BENCH_SCANNED_FORMS (default 6 per corpus, 0 = all), BENCH_SCANNED_SKEW (1.5), BENCH_SCANNED_NOISE (0.003),
 * BENCH_SCANNED_DPI (the copier's resolution, 200), BENCH_SCANNED_CORPUS (dev or intake; default both),
 * BENCH_SCANNED_VERBOSE=1 (one line per form on stderr), BENCH_SCANNED_SIDEWAYS=1 (every sheet turned a quarter),
 * BENCH_SCANNED_PAPER (the paper's grey level, 0..255; white by default), BENCH_SCANNED_MARGIN (points of black beyond
 * the sheet along its top and left edges, half that on the right), BENCH_SCANNED_FONTS (the fonts the copier draws
 * unembedded text with, one row each: machine, liberation, dejavu; default liberation,dejavu).
 */
import path from 'path';
import { loadScorers } from './lib/scorers';
import { fontSetsOf } from './lib/font-sets';
import { scannedRows, type ScannedOptions } from './lib/scanned';

const shared = process.env.SHARED_DIR
  ? path.resolve(process.env.SHARED_DIR)
  : path.resolve(__dirname, '..', '..', 'shared');

export function scannedOptions(): ScannedOptions {
  const corpus = process.env.BENCH_SCANNED_CORPUS;
  return {
    maxForms: Number(process.env.BENCH_SCANNED_FORMS ?? 6),
    skewDeg: Number(process.env.BENCH_SCANNED_SKEW ?? 1.5),
    noise: Number(process.env.BENCH_SCANNED_NOISE ?? 0.003),
    dpi: Number(process.env.BENCH_SCANNED_DPI ?? 200),
    corpus: corpus === 'dev' || corpus === 'intake' ? corpus : undefined,
    verbose: process.env.BENCH_SCANNED_VERBOSE === '1',
    sideways: process.env.BENCH_SCANNED_SIDEWAYS === '1',
    paper: process.env.BENCH_SCANNED_PAPER ? Number(process.env.BENCH_SCANNED_PAPER) : undefined,
    margin: process.env.BENCH_SCANNED_MARGIN ? Number(process.env.BENCH_SCANNED_MARGIN) : undefined,
    fontSets: fontSetsOf(process.env.BENCH_SCANNED_FONTS),
  };
}

async function main(): Promise<void> {
  const lines = await scannedRows(await loadScorers(shared), shared, scannedOptions());
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
