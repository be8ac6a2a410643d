/**
 * Pixel comparison of two sets of completed PDFs (same file names), page by page, rasterized with poppler's
 * pdftoppm: a rendering change that must not change what a PDF shows is checked with it.
 *
 *   RENDER_RUNS=1 RENDER_OUT=/tmp/px/before npm run bench:render     (old code)
 *   RENDER_RUNS=1 RENDER_OUT=/tmp/px/after npm run bench:render      (new code)
 *   npx ts-node --transpile-only bench/render-pixels.ts /tmp/px/before /tmp/px/after [dpi=100]
 *
 * Exits 1 when a file is missing on one side, a page count differs, or any pixel differs.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

function rasterize(pdf: string, dpi: number, outDir: string): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  execFileSync('pdftoppm', ['-r', String(dpi), pdf, path.join(outDir, 'p')], { stdio: 'ignore' });
  return fs
    .readdirSync(outDir)
    .filter((f) => f.endsWith('.ppm'))
    .sort()
    .map((f) => path.join(outDir, f));
}

/** Pixels (RGB triples) that differ between two PPM files of the same size; -1 when the sizes differ. */
function differingPixels(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return -1;
  if (a.equals(b)) return 0;
  let n = 0;
  // The header is the same when the lengths are: compare from the end in pixel steps.
  for (let i = a.length - 3; i >= 0; i -= 3) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  return n;
}

function main(): void {
  const [dirA, dirB, dpiArg] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('usage: render-pixels.ts <dirA> <dirB> [dpi]');
  const dpi = Number(dpiArg ?? 100);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'render-pixels-'));
  const names = [...new Set([...fs.readdirSync(dirA), ...fs.readdirSync(dirB)])].filter((f) => f.endsWith('.pdf'));
  let bad = 0;
  let pages = 0;
  for (const name of names.sort()) {
    const a = path.join(dirA, name);
    const b = path.join(dirB, name);
    if (!fs.existsSync(a) || !fs.existsSync(b)) {
      process.stdout.write(`${name}: missing on one side\n`);
      bad++;
      continue;
    }
    const pa = rasterize(a, dpi, path.join(work, 'a', name));
    const pb = rasterize(b, dpi, path.join(work, 'b', name));
    if (pa.length !== pb.length) {
      process.stdout.write(`${name}: ${pa.length} pages vs ${pb.length}\n`);
      bad++;
      continue;
    }
    const diffs = pa.map((p, i) => differingPixels(fs.readFileSync(p), fs.readFileSync(pb[i])));
    pages += pa.length;
    const changed = diffs.map((d, i) => [i + 1, d]).filter(([, d]) => d !== 0);
    process.stdout.write(
      `${name}: ${pa.length} pages, ${changed.length === 0 ? 'identical' : `differ: ${changed.map(([p, d]) => `p${p} ${d < 0 ? 'size' : `${d} px`}`).join(', ')}`}\n`,
    );
    if (changed.length > 0) bad++;
  }
  fs.rmSync(work, { recursive: true, force: true });
  process.stdout.write(
    `${names.length} PDFs, ${pages} pages at ${dpi} dpi: ${bad === 0 ? 'all identical' : `${bad} differ`}\n`,
  );
  process.exit(bad === 0 ? 0 : 1);
}

main();
