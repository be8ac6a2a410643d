/**
 * Fits the layout detector's tunable parameters (TUNABLE_PARAMS below) on the
 * intake-dev corpus by coordinate search: one parameter at a time, try each listed value, keep the best, and
 * sweep again until nothing changes (or `passes` sweeps). Objective: F1 + label accuracy + questions exact
 * (pooled over the training forms). Page content is extracted once and kept, so one evaluation of one form is
 * only the layout stages (a few ms per page).
 *
 *   npx ts-node --transpile-only bench/fit-layout-params.ts [--exclude FAMILY] [--quick]
 *
 * bench/detect.bench.ts uses `fitParams` for its leave-one-family-out figures.
 */
import path from 'path';
import { LAYOUT_PARAMS, type LayoutParamKey } from '../src/detection/layout/params';
import { IntakeEvaluator, loadIntake, type IntakeForm, type Setting } from './lib/intake';
import { loadScorers, type SemanticSummary } from './lib/scorers';

/** The weights worth fitting on the corpora, with the values a grid search should try. */
export const TUNABLE_PARAMS: { key: LayoutParamKey; values: number[] }[] = [
  { key: 'bindGapWeight', values: [0.5, 1, 1.5] },
  { key: 'bindLeftPenalty', values: [0, 0.2, 0.35, 0.6, 1] },
  { key: 'bindSpreadWeight', values: [0, 0.25, 0.5, 1] },
  { key: 'bindMissingCost', values: [1.5, 2.2, 3] },
  { key: 'bindMaxGapEm', values: [2, 2.6, 3.5] },
  { key: 'bindSidePriorMargin', values: [0, 0.5, 1] },
  { key: 'circleWordMaxGapEm', values: [4, 6, 8] },
  { key: 'circleWordMinLeadEm', values: [1, 1.5, 2.5] },
  { key: 'leftLabelMaxGap', values: [120, 220, 300] },
  { key: 'belowCaptionMaxGap', values: [10, 14, 18] },
];

export interface Fit {
  setting: Setting;
  score: number;
  sweeps: number;
}

export function objective(s: SemanticSummary): number {
  return s.f1 + (s.labelAccuracy ?? 0) + (s.questionsExact ?? 0);
}

export function defaultSetting(): Setting {
  return Object.fromEntries(TUNABLE_PARAMS.map((t) => [t.key, LAYOUT_PARAMS[t.key]]));
}

export function fitParams(ev: IntakeEvaluator, forms: IntakeForm[], passes = 2): Fit {
  let setting = defaultSetting();
  let score = objective(ev.summary(forms, setting));
  let sweeps = 0;
  for (let pass = 0; pass < passes; pass++) {
    sweeps++;
    let changed = false;
    for (const { key, values } of TUNABLE_PARAMS) {
      for (const v of values) {
        if (v === setting[key]) continue;
        const trial = { ...setting, [key]: v };
        const s = objective(ev.summary(forms, trial));
        // Strictly better only: ties keep the current (shipped) value.
        if (s > score + 1e-9) {
          setting = trial;
          score = s;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return { setting, score, sweeps };
}

async function main(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '..');
  const shared = process.env.SHARED_DIR ? path.resolve(process.env.SHARED_DIR) : path.resolve(repoRoot, '..', 'shared');
  const args = process.argv.slice(2);
  const exclude = args.includes('--exclude') ? args[args.indexOf('--exclude') + 1] : null;
  const forms = (await loadIntake(path.join(shared, 'forms', 'intake-dev'))).filter((f) => f.family !== exclude);
  const ev = new IntakeEvaluator(await loadScorers(shared));
  const before = objective(ev.summary(forms, defaultSetting()));
  const fit = fitParams(ev, forms, args.includes('--quick') ? 1 : 3);
  console.log(`forms: ${forms.length}${exclude ? ` (without ${exclude})` : ''}; evaluations: ${ev.evaluations}`);
  console.log(
    `objective (F1 + label + questions exact, 0..3): shipped ${before.toFixed(4)}, fitted ${fit.score.toFixed(4)}`,
  );
  for (const [k, v] of Object.entries(fit.setting))
    console.log(
      `  ${k}: ${v}${v !== LAYOUT_PARAMS[k as keyof typeof LAYOUT_PARAMS] ? '   (shipped ' + String(LAYOUT_PARAMS[k as keyof typeof LAYOUT_PARAMS]) + ')' : ''}`,
    );
}

if (require.main === module)
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
