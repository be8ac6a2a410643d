// The hosted fill page's behaviour (bundled by scripts/build-editor.mjs into public/fill-page.js, served at
// /assets/fill-page.js with `defer`, after the signature_pad vendor script when the form has a signature field).
// No inline scripts or styles (strict CSP), no framework. The confirmation, gone and not-found pages load this
// script too: it does nothing there.
import type { RuleField } from '../../../src/shared/answer-rules';
import { collect, collectAnswers } from './collect';
import { Conditions } from './conditions';
import { Drafts } from './drafts';
import { byFieldId, readList, requireId, wrappersIn } from './dom';
import { ParentFrame } from './embed';
import { ErrorDisplay, type PageError } from './errors';
import { keepLockedChoices } from './locked';
import { Signatures } from './signatures';
import { Stepper, updateProgress } from './stepper';
import { PageRules, ruleLocale } from './rules';
import { pageStrings } from './strings';
import { send } from './submit';
import { isAnswered, ruleProblem, validate } from './validate';

/** The questions the patient can see (a question whose condition is false is hidden) inside `root`. */
const visibleIn = (root: ParentNode): HTMLElement[] => wrappersIn(root).filter((w) => !w.hidden);

/** Text-like answers are checked against their kind and format as the patient leaves them (never while typing). */
function checkOnLeave(form: HTMLFormElement, rules: PageRules, errors: ErrorDisplay): void {
  const target = (event: Event): { input: HTMLInputElement; wrapper: HTMLElement } | null => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-field-id')) return null;
    if (input.type === 'checkbox' || input.type === 'radio') return null;
    const wrapper = input.closest<HTMLElement>('[data-field-wrapper]');
    return wrapper && !wrapper.hidden ? { input, wrapper } : null;
  };
  form.addEventListener('focusout', (event) => {
    const found = target(event);
    if (!found) return;
    // Leaving for Next, Back or Submit: that button checks the step itself. A message shown now would push the
    // button down between press and release, and the tap would miss it.
    if (event.relatedTarget instanceof HTMLButtonElement && form.contains(event.relatedTarget)) return;
    const problem = ruleProblem(found.input, rules);
    if (problem) {
      errors.showField(found.wrapper, problem);
      found.wrapper.dataset.ruleError = 'true';
    } else if (found.wrapper.dataset.ruleError) {
      errors.clearField(found.wrapper);
      delete found.wrapper.dataset.ruleError;
    }
  });
  // Once the answer is right, its message goes at once (a new one waits until the patient leaves the field).
  form.addEventListener('input', (event) => {
    const found = target(event);
    if (!found || !found.wrapper.classList.contains('field--error') || found.input.value.trim() === '') return;
    if (ruleProblem(found.input, rules)) return;
    errors.clearField(found.wrapper);
    delete found.wrapper.dataset.ruleError;
  });
}

function start(form: HTMLFormElement): void {
  const S = pageStrings();
  const submitButton = requireId<HTMLButtonElement>('submit-button');
  const statusEl = requireId('form-status');
  const locale = form.getAttribute('data-locale') || 'en';
  const startOverButton = form.querySelector<HTMLButtonElement>('[data-start-over]');
  let sending = false;

  const stepper = new Stepper(form, submitButton);
  const parent = ParentFrame.of(form);
  const showStep = (index: number): void => {
    stepper.show(index, true);
    parent.post('edform:step', { step: stepper.current + 1 });
  };
  const errors = new ErrorDisplay(form, (wrapper) => stepper.show(stepper.stepOf(wrapper), false));
  const progress = (): void => updateProgress(visibleIn(form), (w) => isAnswered(w, signatures));
  const drafts = new Drafts(
    form.getAttribute('data-draft-url'),
    form.getAttribute('data-draft-id') || 'none',
    () => ({ answers: collectAnswers(form), signatures: signatures.drawn(), step: stepper.current }),
    () => {
      if (startOverButton) startOverButton.hidden = false;
    },
  );
  const changed = (): void => {
    progress();
    drafts.schedule();
  };
  const signatures = new Signatures(form, changed, progress);
  keepLockedChoices(form);
  const rules = new PageRules(readList<RuleField>('field-rules'), ruleLocale(locale));
  const conditions = new Conditions(form, rules, signatures, errors);
  conditions.apply(false);
  checkOnLeave(form, rules, errors);

  /** Every error in the summary and beside its question; the step of the first one is shown. */
  const showErrorsOnTheirStep = (list: PageError[]): void => {
    const first = list[0];
    const el = first.wrapper ?? (first.field_id != null ? byFieldId(form, String(first.field_id)) : null);
    if (el) stepper.show(stepper.stepOf(el), false);
    errors.show(list);
  };

  if (stepper.multiStep) {
    form.querySelector('[data-step-back]')?.addEventListener('click', () => {
      errors.clearAll();
      showStep(stepper.neighbour(-1));
      drafts.save();
    });
    form.querySelector('[data-step-next]')?.addEventListener('click', () => {
      errors.clearAll();
      const found = validate(visibleIn(stepper.steps[stepper.current]), signatures, rules);
      if (found.length) return errors.show(found);
      showStep(stepper.neighbour(1));
      drafts.save();
    });
  }
  stepper.refresh((w) => !w.hidden);

  if (form.getAttribute('data-resumed') === 'true' && startOverButton) startOverButton.hidden = false;
  form.addEventListener('input', changed);
  form.addEventListener('change', () => {
    if (conditions.apply(true)) stepper.refresh((w) => !w.hidden);
    changed();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && drafts.pending) drafts.save(true);
  });
  startOverButton?.addEventListener('click', () => {
    if (window.confirm(S.confirmStartOver)) drafts.startOver(locale);
  });
  // The offer of a draft this page does not show: Start over deletes it without asking (nothing is on screen).
  document.querySelector('[data-discard-draft]')?.addEventListener('click', () => drafts.startOver(locale));
  progress();
  parent.post('edform:loaded');

  const setSending = (on: boolean): void => {
    sending = on;
    drafts.stopped = on;
    submitButton.disabled = on;
    form.setAttribute('aria-busy', on ? 'true' : 'false');
    submitButton.textContent = on ? S.sending : S.submit;
    statusEl.textContent = on ? S.sendingStatus : '';
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    errors.clearAll();
    const found = validate(visibleIn(form), signatures, rules);
    if (found.length) return showErrorsOnTheirStep(found);
    drafts.cancel();
    setSending(true);
    void send(
      { ...collect(form, signatures), locale },
      {
        url: form.getAttribute('data-submit-url') ?? '',
        doneUrl: form.getAttribute('data-done-url') ?? '',
        status: statusEl,
        errors,
        showFieldErrors: showErrorsOnTheirStep,
        setSending,
        redirects: form.hasAttribute('data-redirects'),
        submitted: (submissionId) => parent.post('edform:submitted', { submission_id: submissionId }),
      },
    );
  });
}

const form = document.getElementById('fill-form');
if (form instanceof HTMLFormElement) start(form);
