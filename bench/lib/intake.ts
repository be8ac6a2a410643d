/**
 * The intake-dev corpus held in memory for fitting: each form's truth and its extracted page content, and a
 * memoised scorer of one form under one parameter setting.
 */
import { existsSync, readFileSync, readdirSync } from 'fs';
import path from 'path';
import { LAYOUT_PARAMS } from '../../src/detection/layout/params';
import type { PageContent } from '../../src/detection/layout/types';
import { detectLayout, extractAll } from './fast-layout';
import { toPredictions, type Prediction } from './predictions';
import { pool, type Counts, type Scorers, type SemanticSummary } from './scorers';

export interface IntakeForm {
  id: string;
  /** Folder name without its trailing number: the layout style. */
  family: string;
  truth: unknown;
  contents: PageContent[];
}

export type Setting = Record<string, number>;

export const familyOf = (id: string): string => id.replace(/-\d+$/, '');

export async function loadIntake(dir: string): Promise<IntakeForm[]> {
  const out: IntakeForm[] = [];
  for (const id of readdirSync(dir).sort()) {
    const pdf = path.join(dir, id, 'flat.pdf');
    if (!existsSync(pdf)) continue;
    const truth: unknown = JSON.parse(readFileSync(path.join(dir, id, 'truth.json'), 'utf8'));
    out.push({ id, family: familyOf(id), truth, contents: await extractAll(new Uint8Array(readFileSync(pdf))) });
  }
  return out;
}

/** Runs the layout detector on one form with the given parameters (restored afterwards). */
export function predictWith(form: IntakeForm, setting: Setting): Prediction[] {
  const saved = { ...LAYOUT_PARAMS };
  try {
    Object.assign(LAYOUT_PARAMS, setting);
    return toPredictions(detectLayout(form.contents).result);
  } finally {
    Object.assign(LAYOUT_PARAMS, saved);
  }
}

/** Semantic counts of a form under a setting, memoised (folds of the leave-one-family-out share settings). */
export class IntakeEvaluator {
  private memo = new Map<string, Counts>();
  evaluations = 0;
  constructor(readonly scorers: Scorers) {}

  /** Pooled semantic summary of several forms under one setting. */
  summary(forms: IntakeForm[], setting: Setting): SemanticSummary {
    const sem = this.scorers.semantics;
    return sem.summarize(
      pool(
        sem,
        forms.map((f) => this.counts(f, setting)),
      ),
    );
  }

  counts(form: IntakeForm, setting: Setting): Counts {
    const key = `${form.id}|${JSON.stringify(Object.entries(setting).sort())}`;
    let c = this.memo.get(key);
    if (!c) {
      this.evaluations++;
      c = this.scorers.semantics.scoreForm(form.truth, { fields: predictWith(form, setting) });
      this.memo.set(key, c);
    }
    return c;
  }
}
