// Conditions on the page: a follow-up question shows while its option is ticked and hides (its answer cleared)
// when it is unticked. Showing fades the question in without moving the page: the patient's scroll position is
// kept, and a polite live region says a new question is below.
import { all, byId } from './dom';
import type { ErrorDisplay } from './errors';
import { collectAnswers } from './collect';
import { questionHidden, type PageRules } from './rules';
import type { Signatures } from './signatures';
import { pageStrings } from './strings';

/** Clearing a hidden answer can hide a question that depended on it: at most this many rounds (chains are short). */
const MAX_ROUNDS = 8;

/** The field ids a question wrapper holds: its controls and, for a drop-down, its options. */
export function fieldIdsOf(wrapper: Element): string[] {
  return all(wrapper, '[data-field-id]').map((el) => el.getAttribute('data-field-id') ?? '');
}

export class Conditions {
  constructor(
    private readonly form: HTMLFormElement,
    private readonly rules: PageRules,
    private readonly signatures: Signatures,
    private readonly errors: ErrorDisplay,
  ) {}

  /**
   * Shows and hides questions for the current answers; `animate` on the patient's changes (not on load).
   * Returns whether any question changed.
   */
  apply(animate: boolean): boolean {
    const scrollY = window.scrollY;
    const shown: HTMLElement[] = [];
    let changed = false;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const inactive = this.rules.inactive(collectAnswers(this.form));
      let cleared = false;
      for (const wrapper of all(this.form, '[data-field-wrapper]')) {
        const hide = questionHidden(fieldIdsOf(wrapper), inactive);
        if (hide === wrapper.hidden) continue;
        changed = true;
        if (hide) {
          this.clear(wrapper);
          wrapper.hidden = true;
          cleared = true;
        } else {
          wrapper.hidden = false;
          if (animate) shown.push(wrapper);
        }
      }
      if (!cleared) break;
    }
    this.headings();
    // Scroll anchoring or a shorter page may nudge the view: the patient stays where they were.
    if (window.scrollY !== scrollY) window.scrollTo(window.scrollX, scrollY);
    // Only what the patient can see now is animated and announced (not the questions of a later step).
    const visible = shown.filter((w) => !w.hidden && !w.closest('section.step[hidden]'));
    for (const wrapper of visible) appear(wrapper);
    if (visible.length) this.announce(visible);
    return changed;
  }

  /** A question that hides loses its answer (never sent, never stored) and its error. Locked values stay. */
  private clear(wrapper: HTMLElement): void {
    this.errors.clearField(wrapper);
    for (const input of all<HTMLInputElement>(wrapper, 'input')) {
      if (input.hasAttribute('data-locked') || input.readOnly) continue;
      if (input.type === 'checkbox' || input.type === 'radio') input.checked = false;
      else input.value = '';
    }
    for (const select of all<HTMLSelectElement>(wrapper, 'select:not([data-locked])')) select.value = '';
    const pad = this.signatures.of(wrapper);
    if (pad) this.signatures.clear(pad);
  }

  /** A printed section heading whose questions are all hidden hides too. */
  private headings(): void {
    for (const heading of all(this.form, 'h3.section-heading')) {
      const questions: HTMLElement[] = [];
      for (let el = heading.nextElementSibling; el && !el.matches('h3'); el = el.nextElementSibling)
        if (el instanceof HTMLElement && el.hasAttribute('data-field-wrapper')) questions.push(el);
      heading.hidden = questions.length > 0 && questions.every((q) => q.hidden);
    }
  }

  private announce(wrappers: HTMLElement[]): void {
    const S = pageStrings();
    const region = byId('field-announcer');
    if (!region) return;
    const text = wrappers.map((w) => S.questionShown.replace('{label}', w.getAttribute('data-label') ?? '')).join(' ');
    // Emptied first, so the same words are announced again when the option is ticked again.
    region.textContent = '';
    window.setTimeout(() => (region.textContent = text), 50);
  }
}

/** Fades a question in (CSS, only without reduced motion): opacity and transform, so nothing else moves. */
function appear(wrapper: HTMLElement): void {
  wrapper.classList.remove('field--appearing');
  void wrapper.offsetWidth; // restart the animation when the question reappears quickly
  wrapper.classList.add('field--appearing');
  const done = (): void => wrapper.classList.remove('field--appearing');
  wrapper.addEventListener('animationend', done, { once: true });
  window.setTimeout(done, 400); // no animation runs under reduced motion: the class must not stay
}
