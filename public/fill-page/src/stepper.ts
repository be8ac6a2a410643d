// Steps: the form's <section class="step"> elements shown one at a time (Back and Next keep every answer), and the
// progress bar that counts answered questions.
import { all, byId } from './dom';
import { fillCount, neighbourStep, settleStep, shownSteps, stepNumber } from './step-plan';
import { pageStrings } from './strings';

export class Stepper {
  readonly steps: HTMLElement[];
  current: number;
  private shown: number[];
  private readonly back: HTMLButtonElement | null;
  private readonly next: HTMLButtonElement | null;

  constructor(
    private readonly form: HTMLFormElement,
    private readonly submit: HTMLButtonElement,
  ) {
    this.steps = all(form, 'section.step');
    this.back = form.querySelector('[data-step-back]');
    this.next = form.querySelector('[data-step-next]');
    const initial = Number(form.getAttribute('data-initial-step')) || 0;
    this.current = Math.min(initial, Math.max(0, this.steps.length - 1));
    this.shown = this.steps.map((_, i) => i);
  }

  get multiStep(): boolean {
    return this.steps.length > 1 && !!this.back && !!this.next;
  }

  stepOf(el: Element): number {
    const index = this.steps.findIndex((step) => step.contains(el));
    return index === -1 ? this.current : index;
  }

  /** Recounts which steps hold a question the patient can see (`visible` says which questions are shown). */
  refresh(visible: (wrapper: HTMLElement) => boolean): void {
    this.shown = shownSteps(this.steps.map((step) => all(step, '[data-field-wrapper]').filter(visible).length));
    if (!this.multiStep) return;
    // "Step 2 of 3" counts the steps the patient will walk through.
    const S = pageStrings();
    this.steps.forEach((step, i) => {
      const { n, total } = stepNumber(this.shown, i);
      if (n === 0) return;
      for (const el of all(step, '[data-step-count]')) el.textContent = fillCount(S.stepCount, n, total);
    });
    this.show(settleStep(this.shown, this.current), false);
  }

  neighbour(direction: 1 | -1): number {
    return neighbourStep(this.shown, this.current, direction);
  }

  show(index: number, moveFocus: boolean): void {
    if (!this.multiStep || !this.back || !this.next) return;
    this.current = Math.max(0, Math.min(index, this.steps.length - 1));
    this.steps.forEach((step, i) => (step.hidden = i !== this.current));
    const first = this.shown[0] ?? 0;
    const last = this.shown[this.shown.length - 1] ?? this.steps.length - 1;
    this.back.hidden = this.current <= first;
    this.next.hidden = this.current >= last;
    this.submit.hidden = this.current < last;
    if (moveFocus) {
      const heading = this.steps[this.current].querySelector<HTMLElement>('.step-heading');
      if (heading) {
        heading.focus({ preventScroll: true });
        window.scrollTo(0, 0);
      }
    }
  }
}

/** The progress bar: "{n} of {m} answered" over the questions the patient can see. */
export function updateProgress(questions: HTMLElement[], answered: (wrapper: HTMLElement) => boolean): void {
  const progress = byId('progress');
  const fill = byId('progress-fill');
  const count = byId('progress-count');
  if (!progress || !fill || !count) return;
  const S = pageStrings();
  const done = questions.filter(answered).length;
  progress.hidden = false;
  count.textContent = fillCount(S.answered, done, questions.length);
  fill.style.width = questions.length ? `${Math.round((100 * done) / questions.length)}%` : '0';
  const bar = progress.querySelector('[role="progressbar"]');
  bar?.setAttribute('aria-valuenow', String(done));
  bar?.setAttribute('aria-valuemax', String(questions.length));
}
