import { readFileSync } from 'fs';
import path from 'path';
import { detectFields } from './index';
import type { DetectedField } from '../shared/field-map';

const FIX = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'pdfs');
const load = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(FIX, name)));

interface TruthWidget {
  page: number;
  rect: number[];
  group: string;
  scored: boolean;
  kind?: string;
}
const truthOf = (name: string): TruthWidget[] =>
  (JSON.parse(readFileSync(path.join(FIX, name), 'utf8')) as { widgets: TruthWidget[] }).widgets.filter(
    (w) => w.scored,
  );

const group = (k: string): string =>
  ['checkbox', 'select_one', 'select_many'].includes(k) ? 'choice' : k === 'signature' ? 'signature' : 'text';

function iou(a: number[], b: number[]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h);
}

/** Greedy one-to-one matching at IoU >= 0.5 per page, as the bench scorer does. */
function score(truth: TruthWidget[], preds: DetectedField[]): { f1: number; kindAcc: number } {
  const pairs: Array<[number, number, number]> = [];
  truth.forEach((t, i) =>
    preds.forEach((p, j) => {
      if (p.page - 1 !== t.page) return;
      const v = iou(t.rect, p.rect);
      if (v >= 0.5) pairs.push([v, i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0]);
  const ti = new Set<number>();
  const pj = new Set<number>();
  let kindOk = 0;
  for (const [, i, j] of pairs) {
    if (ti.has(i) || pj.has(j)) continue;
    ti.add(i);
    pj.add(j);
    if (group(preds[j].kind) === truth[i].group) kindOk++;
  }
  const tp = ti.size;
  const p = preds.length ? tp / preds.length : 0;
  const r = truth.length ? tp / truth.length : 0;
  return { f1: p + r ? (2 * p * r) / (p + r) : 0, kindAcc: tp ? kindOk / tp : 0 };
}

describe('detectFields on real forms', () => {
  it('reads every scored widget of the IRS W-9 AcroForm with its rect, kind group and binding', async () => {
    const res = await detectFields(load('irs-w9-2024.original.pdf'));
    const truth = truthOf('irs-w9-2024.truth.json');
    expect(res.detector).toBe('acroform');
    expect(res.fields).toHaveLength(truth.length);
    expect(score(truth, res.fields)).toEqual({ f1: 1, kindAcc: 1 });
    expect(res.fields.every((f) => f.confidence === 1 && f.acroform && f.acroform.fieldName.length > 0)).toBe(true);
  });

  it('keeps widget rects in unrotated user space on a /Rotate 90 page', async () => {
    const res = await detectFields(load('irs-w9-2024-rot90.original.pdf'));
    expect(score(truthOf('irs-w9-2024-rot90.truth.json'), res.fields).f1).toBe(1);
  });

  it('finds at least 60% F1 on the flat twin of the W-9 with the layout detector', async () => {
    const res = await detectFields(load('irs-w9-2024.flat.pdf'));
    expect(res.detector).toBe('layout');
    const s = score(truthOf('irs-w9-2024.truth.json'), res.fields);
    expect(s.f1).toBeGreaterThanOrEqual(0.6);
  });

  it('finds at least 95% F1 with the right kinds on an underscore-style intake form', async () => {
    const res = await detectFields(load('underscore-classic-1001.flat.pdf'));
    const truth = truthOf('underscore-classic-1001.truth.json');
    const s = score(truth, res.fields);
    expect(s.f1).toBeGreaterThanOrEqual(0.95);
    expect(s.kindAcc).toBeGreaterThanOrEqual(0.95);
    const sex = res.fields.filter((f) => f.prompt === 'Sex assigned at birth');
    expect(sex.map((f) => f.choiceLabel)).toEqual(['Male', 'Female', 'Other']);
    expect(sex.every((f) => f.kind === 'select_one' && f.required)).toBe(true);
  });
});
