// Which steps the patient walks through, as plain numbers (no DOM), so the rules are unit-tested: a step whose
// questions are all hidden by their conditions is skipped and leaves the step count.

/** Indices of the steps that hold at least one question the patient can see. */
export function shownSteps(visibleQuestionsPerStep: readonly number[]): number[] {
  const shown = visibleQuestionsPerStep.flatMap((n, i) => (n > 0 ? [i] : []));
  // A form whose every question is hidden still shows its first step (the submit button lives there).
  return shown.length ? shown : visibleQuestionsPerStep.length ? [0] : [];
}

/** The shown step after (`direction` 1) or before (-1) `current`; `current` itself at either end. */
export function neighbourStep(shown: readonly number[], current: number, direction: 1 | -1): number {
  const candidates = direction === 1 ? shown.filter((i) => i > current) : shown.filter((i) => i < current).reverse();
  return candidates[0] ?? current;
}

/** `current` when it is shown, else the next shown step after it, else the last shown one before it. */
export function settleStep(shown: readonly number[], current: number): number {
  if (shown.includes(current)) return current;
  return shown.find((i) => i > current) ?? [...shown].reverse().find((i) => i < current) ?? 0;
}

/** 1-based position of a step among the shown ones, and how many there are ("Step 2 of 3"). */
export function stepNumber(shown: readonly number[], index: number): { n: number; total: number } {
  return { n: shown.indexOf(index) + 1, total: shown.length };
}

/** "{n} of {m} answered": the words with the numbers put in. */
export function fillCount(template: string, n: number, m: number): string {
  return template.replace('{n}', String(n)).replace('{m}', String(m));
}
