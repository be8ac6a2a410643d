/**
 * Loads pdfjs-dist (an ES module) from CommonJS code, in plain Node as well as under Jest,
 * and registers its worker in-process so that nothing is fetched or spawned.
 */
import type * as PdfJs from 'pdfjs-dist';

export type PdfJsModule = typeof PdfJs;

const MAIN = 'pdfjs-dist/legacy/build/pdf.mjs';
const WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

let cached: Promise<PdfJsModule> | undefined;

async function loadEsm(spec: string): Promise<unknown> {
  const resolved = require.resolve(spec);
  try {
    // Node >= 20.19 / 22.12 can require() an ES module.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(resolved) as unknown;
  } catch {
    // Under Jest, require() goes through Jest's own loader, which cannot read ES modules; Node's loader still can.
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeModule = require('module') as { _load?: (p: string, parent: unknown, isMain: boolean) => unknown };
    if (nodeModule._load) return nodeModule._load(resolved, null, false);
  } catch {
    // fall through to dynamic import
  }
  // A real import() that TypeScript's CommonJS output does not rewrite into require().
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const dynamicImport = new Function('s', 'return import(s)') as (s: string) => Promise<unknown>;
  return dynamicImport(resolved);
}

export function loadPdfJs(): Promise<PdfJsModule> {
  return (cached ??= (async () => {
    const worker = (await loadEsm(WORKER)) as { WorkerMessageHandler: unknown };
    (globalThis as Record<string, unknown>).pdfjsWorker = worker;
    return (await loadEsm(MAIN)) as PdfJsModule;
  })());
}
