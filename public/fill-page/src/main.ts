// The hosted fill page's behaviour (bundled by scripts/build-editor.mjs into public/fill-page.js, served at
// /assets/fill-page.js with `defer`, after the signature_pad vendor script when the form has a signature field).
// No inline scripts or styles (strict CSP), no framework. The confirmation, gone and not-found pages load this
// script too: it does nothing there.
import { collect, collectAnswers } from './collect';
import { Drafts } from './drafts';
import { byFieldId, requireId, wrappersIn } from './dom';
import { ErrorDisplay, type PageError } from './errors';
import { keepLockedChoices } from './locked';
import { Signatures } from './signatures';
import { Stepper, updateProgress } from './stepper';
import { pageStrings } from './strings';
import { send } from './submit';
import { isAnswered, validate } from './validate';

function start(form: HTMLFormElement): void {
  const S = pageStrings();
  const submitButton = requireId<HTMLButtonElement>('submit-button');
  const statusEl = requireId('form-status');
  const locale = form.getAttribute('data-locale') || 'en';
  const startOverButton = form.querySelector<HTMLButtonElement>('[data-start-over]');
  let sending = false;

  const stepper = new Stepper(form, submitButton);
  const errors = new ErrorDisplay(form, (wrapper) => stepper.show(stepper.stepOf(wrapper), false));
  const progress = (): void => updateProgress(wrappersIn(form), (w) => isAnswered(w, signatures));
  const drafts = new Drafts(
    form.getAttribute('data-draft-url'),
    () => JSON.stringify({ answers: collectAnswers(form), signatures: signatures.drawn(), step: stepper.current }),
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
      stepper.show(stepper.neighbour(-1), true);
      drafts.save();
    });
    form.querySelector('[data-step-next]')?.addEventListener('click', () => {
      errors.clearAll();
      const found = validate(wrappersIn(stepper.steps[stepper.current]), signatures);
      if (found.length) return errors.show(found);
      stepper.show(stepper.neighbour(1), true);
      drafts.save();
    });
    stepper.show(stepper.current, false);
  }

  if (form.getAttribute('data-resumed') === 'true' && startOverButton) startOverButton.hidden = false;
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && drafts.pending) drafts.save(true);
  });
  startOverButton?.addEventListener('click', () => {
    if (window.confirm(S.confirmStartOver)) drafts.startOver(locale);
  });
  progress();

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
    const found = validate(wrappersIn(form), signatures);
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
      },
    );
  });
}

const form = document.getElementById('fill-form');
if (form instanceof HTMLFormElement) start(form);
