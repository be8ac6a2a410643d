/** Line formats of bench:detect. */
import type { DetectionSummary, SemanticSummary } from './scorers';

export const pct = (x: number | null | undefined): string =>
  x === null || x === undefined || Number.isNaN(x) ? '  n/a' : (100 * x).toFixed(1).padStart(5);

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

export function detLine(name: string, s: DetectionSummary, macroF1: number): string {
  const groups = Object.entries(s.recallByGroup)
    .map(([g, r]) => `${g} ${pct(r).trim()}`)
    .join(', ');
  return `${name.padEnd(22)} P ${pct(s.precision)}  R ${pct(s.recall)}  F1 ${pct(s.f1)}  kind ${pct(s.kindAccuracy)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn}; macro F1 ${pct(macroF1).trim()}; recall ${groups})`;
}

/** Truth date fields found, and found AND typed date. */
function dateRecall(s: SemanticSummary): string {
  const found = s.recallByKind.date;
  if (found === undefined) return 'n/a';
  const truthDates = Object.entries(s.kindConfusion)
    .filter(([k]) => k.startsWith('date->'))
    .reduce((a, [, n]) => a + n, 0);
  const typed = s.kindConfusion['date->date'] ?? 0;
  const total = truthDates / Math.max(found, 1e-9);
  return `${pct(found).trim()} / ${pct(total ? typed / total : 0).trim()}`;
}

export function semLine(name: string, s: SemanticSummary, sections: number): string {
  return (
    `${name.padEnd(24)} F1 ${pct(s.f1)} (P ${pct(s.precision).trim()} R ${pct(s.recall).trim()}) | kind ${pct(s.kindAccuracy)}` +
    `  label ${pct(s.labelAccuracy)}  prompt ${pct(s.promptAccuracy)}  choice ${pct(s.choiceLabelAccuracy)}` +
    ` | same-q P ${pct(s.groupPairPrecision).trim()} R ${pct(s.groupPairRecall).trim()}` +
    `  q-exact ${pct(s.questionsExact)} (${s.questionsReproduced}/${s.questions}) | date ${dateRecall(s)}` +
    (Number.isNaN(sections) ? '' : ` | sections ${pct(sections)}`)
  );
}
