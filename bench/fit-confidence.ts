/**
 * Fits CONFIDENCE_WEIGHTS (src/detection/confidence.ts): logistic regression of "this layout field is right"
 * (matches a real field at IoU >= 0.5 and, where the truth has a label, bears it) on the confidence cues, over the dev flat twins and intake-dev. Prints the weights
 * to paste into confidence.ts and the precision per band before and after.
 *
 *   npx ts-node --transpile-only bench/fit-confidence.ts
 */
import { existsSync, readFileSync, readdirSync } from 'fs';
import path from 'path';
import { CONFIDENCE_WEIGHTS, confidenceOf, type ConfidenceFeatures } from '../src/detection/confidence';
import { addBands, emptyBands, formatBands, matchAll, normText, type Truth } from './lib/extra-metrics';
import { detectLayout, extractAll } from './lib/fast-layout';
import { toPredictions } from './lib/predictions';
import { loadScorers } from './lib/scorers';

type Weights = typeof CONFIDENCE_WEIGHTS;
interface Sample {
  x: ConfidenceFeatures;
  y: number;
}

function fit(samples: Sample[], l2 = 0.002, steps = 8000, rate = 3): Weights {
  const keys = Object.keys(CONFIDENCE_WEIGHTS) as Array<keyof Weights>;
  const w = Object.fromEntries(keys.map((k) => [k, 0])) as Weights;
  const value = (s: Sample, k: keyof Weights): number => (k === 'bias' ? 1 : s.x[k]);
  for (let step = 0; step < steps; step++) {
    const grad = Object.fromEntries(keys.map((k) => [k, 0])) as Weights;
    for (const s of samples) {
      let z = 0;
      for (const k of keys) z += w[k] * value(s, k);
      const err = 1 / (1 + Math.exp(-z)) - s.y;
      for (const k of keys) grad[k] += err * value(s, k);
    }
    for (const k of keys) w[k] -= rate * (grad[k] / samples.length + (k === 'bias' ? 0 : l2 * w[k]));
  }
  for (const k of keys) w[k] = Math.round(w[k] * 100) / 100;
  return w;
}

async function main(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '..');
  const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
  const sc = await loadScorers(shared);
  const samples: Sample[] = [];
  for (const corpus of ['dev', 'intake-dev']) {
    const dir = path.join(shared, 'forms', corpus);
    for (const id of readdirSync(dir).sort()) {
      const pdf = path.join(dir, id, 'flat.pdf');
      if (!existsSync(pdf)) continue;
      const truth = JSON.parse(readFileSync(path.join(dir, id, 'truth.json'), 'utf8')) as Truth;
      const run = detectLayout(await extractAll(new Uint8Array(readFileSync(pdf))));
      const preds = toPredictions(run.result);
      if (preds.length !== run.finished.features.length) throw new Error(`${id}: predictions and features differ`);
      const matched = matchAll(truth, preds, sc);
      // Right = found where a real field is and, where the truth says what it means (intake), labelled right.
      const right = (i: number): boolean => {
        const t = matched[i];
        if (!t) return false;
        if (!t.label) return true;
        const want = normText(t.label);
        return normText(preds[i].label) === want || normText(preds[i].prompt) === want;
      };
      run.finished.features.forEach((x, i) => x && samples.push({ x, y: right(i) ? 1 : 0 }));
    }
  }
  const w = fit(samples);
  const bands = (weights: Weights): string => {
    const b = emptyBands();
    const preds = samples.map((s) => ({ confidence: confidenceOf(s.x, weights) }));
    addBands(
      b,
      samples.map((s) => (s.y ? { page: 0, rect: [], scored: true } : null)),
      preds as never,
    );
    return formatBands('', b, false);
  };
  console.log(`${samples.length} fields (${samples.filter((s) => s.y).length} real)`);
  console.log(`shipped weights: ${bands(CONFIDENCE_WEIGHTS)}`);
  console.log(`fitted weights:  ${bands(w)}`);
  console.log(JSON.stringify(w, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
