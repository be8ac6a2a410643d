/**
 * The shared scorers (../shared/bench/*.mjs, ES modules) loaded in-process, so the benchmark and the fitting
 * script score thousands of candidate field maps without writing files or spawning Node.
 */
import path from 'path';
import { pathToFileURL } from 'url';

/** Counts of one or more forms, as score-semantics.mjs / score-detection.mjs keep them (opaque here). */
export type Counts = Record<string, unknown>;

export interface SemanticSummary {
  precision: number;
  recall: number;
  f1: number;
  kindAccuracy: number | null;
  labelAccuracy: number | null;
  labelTokenF1: number | null;
  promptAccuracy: number | null;
  choiceLabelAccuracy: number | null;
  requiredAccuracy: number | null;
  groupPairPrecision: number | null;
  groupPairRecall: number | null;
  questionsExact: number | null;
  questions: number;
  questionsReproduced: number;
  tp: number;
  fp: number;
  fn: number;
  recallByKind: Record<string, number>;
  kindConfusion: Record<string, number>;
}

export interface DetectionSummary {
  precision: number;
  recall: number;
  f1: number;
  kindAccuracy: number | null;
  tp: number;
  fp: number;
  fn: number;
  recallByGroup: Record<string, number>;
}

interface Scorer<S> {
  scoreForm(truth: unknown, predictions: unknown, opts?: { iouThreshold?: number }): Counts;
  addCounts(a: Counts, b: Counts): Counts;
  summarize(c: Counts): S;
}

export interface Scorers {
  semantics: Scorer<SemanticSummary>;
  detection: Scorer<DetectionSummary>;
  /** match.mjs: greedy one-to-one IoU matching of one page; [iou, truthIndex, predictionIndex][]. */
  matchPage(T: Array<{ rect: number[] }>, P: Array<{ rect: number[] }>, iou: number): Array<[number, number, number]>;
}

// ts-node compiles to CommonJS, where `import()` would become `require()`, which cannot load an ES module.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real dynamic import, not eval of data
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<unknown>;

export async function loadScorers(sharedDir: string): Promise<Scorers> {
  const load = (f: string): Promise<unknown> => importEsm(pathToFileURL(path.join(sharedDir, 'bench', f)).href);
  const [semantics, detection, match] = await Promise.all([
    load('score-semantics.mjs'),
    load('score-detection.mjs'),
    load('match.mjs'),
  ]);
  return {
    semantics: semantics as Scorer<SemanticSummary>,
    detection: detection as Scorer<DetectionSummary>,
    matchPage: (match as Pick<Scorers, 'matchPage'>).matchPage,
  };
}

/** Pools the counts of several forms. */
export function pool<S>(scorer: Scorer<S>, counts: Counts[]): Counts {
  return counts.reduce((acc, c) => scorer.addCounts(acc, c), {} as Counts);
}
