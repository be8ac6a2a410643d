import { fillCount, neighbourStep, settleStep, shownSteps, stepNumber } from './step-plan';

describe('the steps the patient walks through', () => {
  it('shows every step that holds a visible question, and only those', () => {
    expect(shownSteps([3, 2, 4])).toEqual([0, 1, 2]);
    expect(shownSteps([3, 0, 4, 0])).toEqual([0, 2]);
    // every question hidden: the first step stays (it carries the submit button)
    expect(shownSteps([0, 0])).toEqual([0]);
    expect(shownSteps([])).toEqual([]);
  });

  it('Next and Back skip a step that became empty and stop at either end', () => {
    const shown = shownSteps([2, 0, 0, 5, 1]);
    expect(neighbourStep(shown, 0, 1)).toBe(3);
    expect(neighbourStep(shown, 3, -1)).toBe(0);
    expect(neighbourStep(shown, 4, 1)).toBe(4);
    expect(neighbourStep(shown, 0, -1)).toBe(0);
  });

  it('leaves a step that empties under the patient for the next one (or the one before at the end)', () => {
    expect(settleStep([0, 2, 3], 1)).toBe(2);
    expect(settleStep([0, 2], 3)).toBe(2);
    expect(settleStep([0, 2], 2)).toBe(2);
    expect(settleStep([], 5)).toBe(0);
  });

  it('counts steps among the shown ones', () => {
    const shown = shownSteps([2, 0, 3, 1]);
    expect(stepNumber(shown, 2)).toEqual({ n: 2, total: 3 });
    expect(stepNumber(shown, 3)).toEqual({ n: 3, total: 3 });
    expect(fillCount('{n} of {m} answered', 2, 7)).toBe('2 of 7 answered');
    expect(fillCount('{n} de {m} respondidas', 0, 3)).toBe('0 de 3 respondidas');
  });
});
