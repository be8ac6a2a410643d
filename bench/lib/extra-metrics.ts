/**
 * Figures the shared scorers do not give: section accuracy (intake truth carries `section`) and precision per
 * confidence band. Matching is the scorers' own (match.mjs, IoU >= 0.5), so the numbers line up with theirs.
 */
import type { Prediction } from './predictions';
import type { Scorers } from './scorers';

export interface TruthWidget {
  page: number;
  rect: number[];
  scored: boolean;
  label?: string;
  section?: string | null;
}
export interface Truth {
  widgets: TruthWidget[];
}

/** For each prediction (same order), the truth widget it matched, or null. */
export function matchAll(truth: Truth, preds: Prediction[], scorers: Scorers): Array<TruthWidget | null> {
  const gt = truth.widgets.filter((w) => w.scored);
  const out: Array<TruthWidget | null> = preds.map(() => null);
  const norm = (r: number[]): number[] => [
    Math.min(r[0], r[2]),
    Math.min(r[1], r[3]),
    Math.max(r[0], r[2]),
    Math.max(r[1], r[3]),
  ];
  for (const page of new Set(preds.map((p) => p.page - 1))) {
    const T = gt.filter((t) => t.page === page).map((t) => ({ ...t, rect: norm(t.rect) }));
    const idx = preds.map((p, i) => [p, i] as const).filter(([p]) => p.page - 1 === page);
    const P = idx.map(([p]) => ({ rect: norm(p.rect) }));
    for (const [, ti, pi] of scorers.matchPage(T, P, 0.5)) out[idx[pi][1]] = gt.filter((t) => t.page === page)[ti];
  }
  return out;
}

export const normText = (s: string | null | undefined): string =>
  (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export interface SectionCounts {
  n: number;
  ok: number;
}

/** Matched fields whose section equals the truth's (normalised like labels; none = ""). */
export function sectionCounts(matched: Array<TruthWidget | null>, preds: Prediction[]): SectionCounts {
  const c = { n: 0, ok: 0 };
  matched.forEach((t, i) => {
    if (!t) return;
    c.n++;
    if (normText(t.section) === normText(preds[i].section)) c.ok++;
  });
  return c;
}

/** The bands bench:detect reports precision for: [lowest included, highest excluded, name]. */
export const BANDS: ReadonlyArray<readonly [number, number, string]> = [
  [0, 0.5, '< 0.5'],
  [0.5, 0.7, '0.5-0.7'],
  [0.7, 0.9, '0.7-0.9'],
  [0.9, Infinity, '>= 0.9'],
];

export interface BandCounts {
  n: number;
  tp: number;
  /** Matched fields with a truth label, and those whose label or prompt is right. */
  labelN: number;
  labelOk: number;
}

/** Index of the band holding this confidence (-1 for a negative or NaN value). */
export function bandOf(confidence: number): number {
  return BANDS.findIndex(([lo, hi]) => confidence >= lo && confidence < hi);
}

export function emptyBands(): BandCounts[] {
  return BANDS.map(() => ({ n: 0, tp: 0, labelN: 0, labelOk: 0 }));
}

export function addBands(into: BandCounts[], matched: Array<TruthWidget | null>, preds: Prediction[]): void {
  preds.forEach((p, i) => {
    const b = into[bandOf(p.confidence)];
    if (!b) return;
    b.n++;
    const t = matched[i];
    if (!t) return;
    b.tp++;
    if (t.label) {
      b.labelN++;
      const want = normText(t.label);
      if (normText(p.label) === want || normText(p.prompt) === want) b.labelOk++;
    }
  });
}

export function formatBands(name: string, bands: BandCounts[], withLabels: boolean): string {
  const cells = BANDS.map(([, , label], i) => {
    const b = bands[i];
    const p = b.n ? ((100 * b.tp) / b.n).toFixed(1) : 'n/a';
    const l = withLabels && b.labelN ? `, label ${((100 * b.labelOk) / b.labelN).toFixed(1)}` : '';
    return `${label}: ${b.n} fields, precision ${p}${l}`;
  });
  return `${name.padEnd(22)} ${cells.join(' | ')}`;
}
