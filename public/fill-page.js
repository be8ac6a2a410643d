/*
 * Hosted fill page behaviour. Plain browser JavaScript, no build step, no framework.
 * Served at /assets/fill-page.js with `defer` (after /assets/vendor/signature_pad.umd.min.js when the
 * form has a signature field). Works without inline scripts or styles (strict CSP).
 *
 * What it sends (FillSubmission, JSON, POST to the form's data-submit-url):
 *   answers:    text-like and date fields -> string ("" when empty, never omitted);
 *               lone check boxes and select_many check boxes -> true/false, always;
 *               select_one questions -> every option true/false once one is chosen, omitted while unanswered.
 *   signatures: drawn pad -> PNG data URL; empty pad + typed name -> the name rendered to a PNG data URL on
 *               an off-screen canvas; neither -> omitted.
 * Locked (provider-set) fields: text inputs are `readonly`; choices carry data-locked and any change is undone
 * here. Their values are sent like any other; the server re-asserts locked values anyway.
 * Steps: the form's <section class="step"> elements are shown one at a time (Next/Back keep everything); a
 * progress bar counts answered questions. Drafts: answers are saved (PUT data-draft-url, debounced) as the patient
 * goes; the server ties them to this browser with an HttpOnly cookie and renders them back on reload.
 * The page's own words come from the JSON block #page-strings, in the page's language.
 */
(function () {
  'use strict';

  var form = document.getElementById('fill-form');
  if (!form) return; // confirmation / gone / not-found pages load this script too

  var summary = document.getElementById('error-summary');
  var summaryTitle = document.getElementById('error-summary-title');
  var summaryText = document.getElementById('error-summary-text');
  var summaryList = document.getElementById('error-summary-list');
  var submitButton = document.getElementById('submit-button');
  var statusEl = document.getElementById('form-status');
  var submitUrl = form.getAttribute('data-submit-url');
  var doneUrl = form.getAttribute('data-done-url');
  var draftUrl = form.getAttribute('data-draft-url');
  var locale = form.getAttribute('data-locale') || 'en';
  var sending = false;
  var submitted = false;

  function readBlock(id) {
    var el = document.getElementById(id);
    if (!el) return {};
    try {
      return JSON.parse(el.textContent || '{}') || {};
    } catch (e) {
      return {};
    }
  }
  // The page's words in its language, complete in every locale (src/fill-page/views/page-script-strings.ts).
  var S = readBlock('page-strings');
  var GONE_HEADINGS = { expired: S.expired, exhausted: S.exhausted, retired: S.retired };

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  function scrollToElement(el) {
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }

  function byFieldId(root, fieldId) {
    var all = root.querySelectorAll('[data-field-id]');
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute('data-field-id') === fieldId) return all[i];
    return null;
  }

  function wrappers() {
    return wrappersIn(form);
  }

  function wrappersIn(root) {
    return Array.prototype.slice.call(root.querySelectorAll('[data-field-wrapper]'));
  }

  /* ---------------------------------------------------------------- signature pads */

  var pads = []; // { canvas, pad, typed, fieldId }

  function setupPad(canvas) {
    var fieldId = canvas.getAttribute('data-field-id');
    var typed = null;
    var typedInputs = form.querySelectorAll('[data-signature-for]');
    for (var i = 0; i < typedInputs.length; i++) {
      if (typedInputs[i].getAttribute('data-signature-for') === fieldId) typed = typedInputs[i];
    }
    var entry = { canvas: canvas, pad: null, typed: typed, fieldId: fieldId };
    pads.push(entry);
    var wrapper = canvas.closest('[data-field-wrapper]');

    if (typeof window.SignaturePad !== 'function') {
      // Vendor script missing: the typed name is the only way to sign.
      var padBox = canvas.closest('.signature-pad');
      if (padBox) padBox.hidden = true;
      if (wrapper) wrapper.classList.add('signature--typed-only');
      return;
    }

    var pad = new window.SignaturePad(canvas, {
      penColor: '#111827',
      backgroundColor: 'rgb(255, 255, 255)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    entry.pad = pad;

    var lastWidth = 0;
    function resize() {
      var rect = canvas.getBoundingClientRect(); // the canvas has no border or padding (see CSS)
      var width = rect.width;
      var height = rect.height;
      // Mobile browsers fire resize when the keyboard opens; only a width change needs a new bitmap.
      if (!width || !height || width === lastWidth) return;
      lastWidth = width;
      var ratio = Math.max(window.devicePixelRatio || 1, 1);
      var data = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d').scale(ratio, ratio);
      pad.clear(); // repaints the white background at the new size
      if (data.length) pad.fromData(data);
    }
    resize();
    if (typeof window.ResizeObserver === 'function') {
      new window.ResizeObserver(resize).observe(canvas);
    } else {
      window.addEventListener('resize', resize);
    }
    pad.addEventListener('endStroke', function () {
      canvas.classList.add('signature-canvas--signed');
      changed();
    });
    var saved = draftSignatures[fieldId];
    if (saved) {
      pad.fromDataURL(saved).then(function () {
        canvas.classList.add('signature-canvas--signed');
        updateProgress();
      });
    }

    var clear = form.querySelector('[data-clear-for="' + canvas.id + '"]');
    if (clear) {
      clear.addEventListener('click', function () {
        pad.clear();
        canvas.classList.remove('signature-canvas--signed');
        changed();
      });
    }
  }

  /** The typed name drawn as a signature, as a PNG data URL. */
  function typedSignature(name) {
    var canvas = document.createElement('canvas');
    var width = 600;
    var height = 160;
    canvas.width = width;
    canvas.height = height;
    var ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#111827';
    ctx.textBaseline = 'middle';
    var size = 64;
    var family = '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive, serif';
    ctx.font = 'italic ' + size + 'px ' + family;
    while (size > 16 && ctx.measureText(name).width > width - 40) {
      size -= 4;
      ctx.font = 'italic ' + size + 'px ' + family;
    }
    ctx.fillText(name, 20, height / 2, width - 40);
    return canvas.toDataURL('image/png');
  }

  function signatureValue(entry) {
    if (entry.pad && !entry.pad.isEmpty()) return entry.pad.toDataURL('image/png');
    var name = entry.typed ? entry.typed.value.trim() : '';
    if (name) return typedSignature(name);
    return null;
  }

  var draftSignatures = readBlock('draft-signatures');
  Array.prototype.forEach.call(form.querySelectorAll('canvas[data-field-id]'), setupPad);

  /* ---------------------------------------------------------------- locked choices */

  // Radios, check boxes and drop-downs cannot be readonly in HTML: keep their initial state.
  Array.prototype.forEach.call(form.querySelectorAll('input[data-locked]'), function (input) {
    input.addEventListener('click', function (event) {
      event.preventDefault();
    });
  });
  Array.prototype.forEach.call(form.querySelectorAll('input[type="radio"][data-locked]'), function (radio) {
    radio.addEventListener('change', function () {
      var group = form.querySelectorAll('input[type="radio"][data-locked]');
      for (var i = 0; i < group.length; i++) if (group[i].name === radio.name) group[i].checked = group[i].defaultChecked;
    });
  });
  Array.prototype.forEach.call(form.querySelectorAll('input[type="checkbox"][data-locked]'), function (box) {
    box.addEventListener('change', function () {
      box.checked = box.defaultChecked;
    });
  });
  Array.prototype.forEach.call(form.querySelectorAll('select[data-locked]'), function (select) {
    var initial = select.selectedIndex;
    select.addEventListener('change', function () {
      select.selectedIndex = initial;
    });
  });

  /* ---------------------------------------------------------------- collecting */

  /** Drawn signatures only (a typed name is re-typed on resume): what a draft keeps. */
  function drawnSignatures() {
    var out = {};
    pads.forEach(function (entry) {
      if (entry.pad && !entry.pad.isEmpty()) out[entry.fieldId] = entry.pad.toDataURL('image/png');
    });
    return out;
  }

  function collect() {
    var answers = {};
    var signatures = {};
    var answeredRadioGroups = {};

    Array.prototype.forEach.call(form.querySelectorAll('input[type="radio"][data-field-id]'), function (radio) {
      if (radio.checked) answeredRadioGroups[radio.name] = true;
    });

    Array.prototype.forEach.call(form.querySelectorAll('input[data-field-id]'), function (input) {
      var id = input.getAttribute('data-field-id');
      if (input.type === 'radio') {
        if (answeredRadioGroups[input.name]) answers[id] = input.checked;
      } else if (input.type === 'checkbox') {
        answers[id] = input.checked;
      } else {
        answers[id] = input.value.trim();
      }
    });

    Array.prototype.forEach.call(form.querySelectorAll('select[data-question-id]'), function (select) {
      if (select.value === '') return; // unanswered question: omitted
      Array.prototype.forEach.call(select.querySelectorAll('option[data-field-id]'), function (option) {
        answers[option.getAttribute('data-field-id')] = option.selected;
      });
    });

    pads.forEach(function (entry) {
      var value = signatureValue(entry);
      if (value) signatures[entry.fieldId] = value;
    });

    return { answers: answers, signatures: signatures };
  }

  /* ---------------------------------------------------------------- errors */

  function controlsOf(wrapper) {
    return Array.prototype.slice.call(
      wrapper.querySelectorAll('input[data-field-id], select[data-question-id], canvas[data-field-id], input[data-signature-for]'),
    );
  }

  /** The control a summary link should move focus to. */
  function focusTarget(wrapper) {
    var typed = wrapper.querySelector('input[data-signature-for]');
    var padBox = wrapper.querySelector('.signature-pad');
    if (typed && (!padBox || padBox.hidden)) return typed;
    var controls = controlsOf(wrapper).filter(function (el) {
      return el.tagName !== 'CANVAS';
    });
    if (controls.length === 0) return null;
    for (var i = 0; i < controls.length; i++) if (controls[i].type === 'radio' && controls[i].checked) return controls[i];
    return controls[0];
  }

  function addToken(el, attr, token) {
    var tokens = (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean);
    if (tokens.indexOf(token) === -1) tokens.push(token);
    el.setAttribute(attr, tokens.join(' '));
  }

  function removeToken(el, attr, token) {
    var tokens = (el.getAttribute(attr) || '').split(/\s+/).filter(function (t) {
      return t && t !== token;
    });
    if (tokens.length) el.setAttribute(attr, tokens.join(' '));
    else el.removeAttribute(attr);
  }

  function errorSlot(wrapper) {
    return wrapper.querySelector('.field-error');
  }

  function clearErrors() {
    wrappers().forEach(function (wrapper) {
      var slot = errorSlot(wrapper);
      wrapper.classList.remove('field--error');
      if (slot) {
        slot.hidden = true;
        slot.textContent = '';
      }
      var described = [wrapper.querySelector('fieldset')].concat(controlsOf(wrapper));
      described.forEach(function (el) {
        if (!el) return;
        el.removeAttribute('aria-invalid');
        if (slot) removeToken(el, 'aria-describedby', slot.id);
      });
    });
    summary.hidden = true;
    summaryText.hidden = true;
    summaryText.textContent = '';
    summaryList.textContent = '';
  }

  function showFieldError(wrapper, message) {
    var slot = errorSlot(wrapper);
    wrapper.classList.add('field--error');
    if (slot) {
      slot.textContent = '';
      var prefix = document.createElement('span');
      prefix.className = 'visually-hidden';
      prefix.textContent = S.errorPrefix;
      slot.appendChild(prefix);
      slot.appendChild(document.createTextNode(message));
      slot.hidden = false;
    }
    var fieldset = wrapper.querySelector('fieldset');
    if (fieldset && slot) addToken(fieldset, 'aria-describedby', slot.id);
    controlsOf(wrapper).forEach(function (el) {
      el.setAttribute('aria-invalid', 'true');
      if (slot) addToken(el, 'aria-describedby', slot.id);
    });
  }

  function showSummary(title, text, items) {
    summaryTitle.textContent = title;
    summaryText.textContent = text || '';
    summaryText.hidden = !text;
    summaryList.textContent = '';
    (items || []).forEach(function (item) {
      var li = document.createElement('li');
      var target = item.wrapper ? focusTarget(item.wrapper) : null;
      if (target && target.id) {
        var a = document.createElement('a');
        a.href = '#' + target.id;
        a.textContent = item.message;
        a.addEventListener('click', function (event) {
          event.preventDefault();
          showStep(stepIndexOf(item.wrapper), false);
          scrollToElement(item.wrapper);
          target.focus({ preventScroll: true });
        });
        li.appendChild(a);
      } else {
        li.textContent = item.message;
      }
      summaryList.appendChild(li);
    });
    summary.hidden = false;
    scrollToElement(summary);
    summary.focus({ preventScroll: true });
  }

  /** Field errors (from the server or the client checks) beside each field and in the summary. */
  function showErrors(fieldErrors, generalText) {
    var byWrapper = [];
    var unplaced = [];
    fieldErrors.forEach(function (fe) {
      var el = fe.field_id != null ? byFieldId(form, String(fe.field_id)) : null;
      var wrapper = el ? el.closest('[data-field-wrapper]') : fe.wrapper || null;
      if (!wrapper) {
        unplaced.push({ wrapper: null, message: String(fe.error) });
        return;
      }
      for (var i = 0; i < byWrapper.length; i++) {
        if (byWrapper[i].wrapper === wrapper) {
          if (byWrapper[i].messages.indexOf(fe.error) === -1) byWrapper[i].messages.push(String(fe.error));
          return;
        }
      }
      byWrapper.push({ wrapper: wrapper, messages: [String(fe.error)] });
    });
    // Summary in page order, whatever order the server listed them in.
    var order = wrappers();
    byWrapper.sort(function (a, b) {
      return order.indexOf(a.wrapper) - order.indexOf(b.wrapper);
    });
    var items = byWrapper.map(function (entry) {
      var message = entry.messages.join(' ');
      showFieldError(entry.wrapper, message);
      return { wrapper: entry.wrapper, message: message };
    });
    showSummary(S.problem, generalText, items.concat(unplaced));
  }

  /* ---------------------------------------------------------------- client checks */

  /** Client checks of the questions inside `root` (a step, or the whole form). */
  function validate(root) {
    var errors = [];
    wrappersIn(root).forEach(function (wrapper) {
      var kind = wrapper.getAttribute('data-kind');
      var required = wrapper.getAttribute('data-required') === 'true';
      var message = wrapper.getAttribute('data-required-message') || S.answerThis;
      var missing = false;
      if (kind === 'signature') {
        var entry = pads.filter(function (p) {
          return wrapper.contains(p.canvas);
        })[0];
        missing = required && entry && !signatureValue(entry);
      } else if (kind === 'select_one' || kind === 'select_many' || kind === 'checkbox') {
        var select = wrapper.querySelector('select');
        if (select) missing = required && select.value === '';
        else missing = required && !wrapper.querySelector('input:checked');
      } else {
        var input = wrapper.querySelector('input[data-field-id]');
        if (!input) return;
        if (input.validity && input.validity.badInput) {
          errors.push({ wrapper: wrapper, error: S.badDate });
          return;
        }
        var value = input.value.trim();
        if (required && value === '') missing = true;
        else if (value !== '' && input.type === 'email' && input.validity && input.validity.typeMismatch) {
          errors.push({ wrapper: wrapper, error: S.badEmail });
          return;
        }
      }
      if (missing) errors.push({ wrapper: wrapper, error: message });
    });
    return errors;
  }

  /* ---------------------------------------------------------------- sending */

  function setSending(on) {
    sending = on;
    submitButton.disabled = on;
    form.setAttribute('aria-busy', on ? 'true' : 'false');
    submitButton.textContent = on ? S.sending : S.submit;
    statusEl.textContent = on ? S.sendingStatus : '';
  }

  function showGone(body) {
    var reason = body && (body.reason || body.gone_reason);
    var heading = (reason && GONE_HEADINGS[reason]) || S.goneDefault;
    var main = document.getElementById('main') || document.body;
    main.textContent = '';
    var panel = document.createElement('div');
    panel.className = 'panel';
    var h1 = document.createElement('h1');
    h1.textContent = heading;
    h1.tabIndex = -1;
    var p = document.createElement('p');
    p.textContent = S.goneNotSent + S.nextStep;
    panel.appendChild(h1);
    panel.appendChild(p);
    main.appendChild(panel);
    document.title = heading;
    h1.focus();
  }

  function readJson(response) {
    return response
      .text()
      .then(function (text) {
        try {
          return text ? JSON.parse(text) : null;
        } catch (e) {
          return null;
        }
      })
      .catch(function () {
        return null;
      });
  }

  /* ---------------------------------------------------------------- steps and progress */

  var steps = Array.prototype.slice.call(form.querySelectorAll('section.step'));
  var backButton = form.querySelector('[data-step-back]');
  var nextButton = form.querySelector('[data-step-next]');
  var startOverButton = form.querySelector('[data-start-over]');
  var progress = document.getElementById('progress');
  var progressFill = document.getElementById('progress-fill');
  var progressCount = document.getElementById('progress-count');
  var progressBar = progress ? progress.querySelector('[role="progressbar"]') : null;
  var current = Math.min(Number(form.getAttribute('data-initial-step')) || 0, Math.max(0, steps.length - 1));

  function stepIndexOf(el) {
    for (var i = 0; i < steps.length; i++) if (steps[i].contains(el)) return i;
    return current;
  }

  function showStep(index, moveFocus) {
    if (steps.length < 2) return;
    current = Math.max(0, Math.min(index, steps.length - 1));
    steps.forEach(function (step, i) {
      step.hidden = i !== current;
    });
    backButton.hidden = current === 0;
    nextButton.hidden = current === steps.length - 1;
    submitButton.hidden = current !== steps.length - 1;
    if (moveFocus) {
      var heading = steps[current].querySelector('.step-heading');
      if (heading) {
        heading.focus({ preventScroll: true });
        window.scrollTo(0, 0);
      }
    }
  }

  function isAnswered(wrapper) {
    var kind = wrapper.getAttribute('data-kind');
    if (kind === 'signature') {
      var entry = pads.filter(function (p) {
        return wrapper.contains(p.canvas);
      })[0];
      return !!(entry && signatureValue(entry));
    }
    var select = wrapper.querySelector('select');
    if (select) return select.value !== '';
    if (kind === 'select_one' || kind === 'select_many' || kind === 'checkbox') return !!wrapper.querySelector('input:checked');
    var input = wrapper.querySelector('input[data-field-id]');
    return !!(input && input.value.trim() !== '');
  }

  function updateProgress() {
    if (!progress) return;
    var all = wrappers();
    var done = all.filter(isAnswered).length;
    progress.hidden = false;
    progressCount.textContent = S.answered.replace('{n}', done).replace('{m}', all.length);
    progressFill.style.width = all.length ? Math.round((100 * done) / all.length) + '%' : '0';
    if (progressBar) progressBar.setAttribute('aria-valuenow', String(done));
  }

  if (steps.length > 1) {
    backButton.addEventListener('click', function () {
      clearErrors();
      showStep(current - 1, true);
      saveDraft();
    });
    nextButton.addEventListener('click', function () {
      clearErrors();
      var errors = validate(steps[current]);
      if (errors.length) {
        showErrors(errors, '');
        return;
      }
      showStep(current + 1, true);
      saveDraft();
    });
    showStep(current, false);
  }

  /* ---------------------------------------------------------------- drafts */

  var saveTimer = null;
  var resumed = form.getAttribute('data-resumed') === 'true';
  if (resumed && startOverButton) startOverButton.hidden = false;

  function draftBody() {
    var data = collect();
    return JSON.stringify({ answers: data.answers, signatures: drawnSignatures(), step: current });
  }

  function saveDraft(keepalive) {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!draftUrl || submitted || sending) return;
    var body = draftBody();
    // keepalive requests (page being hidden) are capped at 64 KB by browsers
    fetch(draftUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: body,
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: !!keepalive && body.length < 60000,
    })
      .then(function (response) {
        if (response.status === 204 && startOverButton) startOverButton.hidden = false;
      })
      .catch(function () {
        /* a draft is a convenience: the next change tries again */
      });
  }

  function changed() {
    updateProgress();
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(saveDraft, 800);
  }

  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden' && saveTimer) saveDraft(true);
  });

  if (startOverButton) {
    startOverButton.addEventListener('click', function () {
      if (!window.confirm(S.confirmStartOver)) return;
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = null;
      fetch(draftUrl, { method: 'DELETE', credentials: 'same-origin', cache: 'no-store' }).then(
        function () {
          window.location.replace(window.location.pathname + '?lang=' + locale);
        },
        function () {
          window.location.replace(window.location.pathname + '?lang=' + locale);
        },
      );
    });
  }

  updateProgress();

  /* ---------------------------------------------------------------- submitting */

  /** Every error in the summary and beside its field; the step of the first one is shown. */
  function showErrorsOnTheirStep(errors, generalText) {
    var first = errors[0];
    var el = first.wrapper || (first.field_id != null ? byFieldId(form, String(first.field_id)) : null);
    if (el) showStep(stepIndexOf(el), false);
    showErrors(errors, generalText);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (sending) return;
    clearErrors();

    var clientErrors = validate(form);
    if (clientErrors.length) {
      showErrorsOnTheirStep(clientErrors, '');
      return;
    }

    var payload = collect();
    payload.locale = locale;
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    setSending(true);
    fetch(submitUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
      cache: 'no-store',
    })
      .then(function (response) {
        if (response.status === 201 || response.status === 200) {
          submitted = true;
          statusEl.textContent = S.sent;
          window.location.replace(doneUrl);
          return;
        }
        return readJson(response).then(function (body) {
          setSending(false);
          if (response.status === 410) {
            showGone(body);
          } else if (response.status === 400 && body && Array.isArray(body.fields) && body.fields.length) {
            showErrorsOnTheirStep(body.fields, '');
          } else if (response.status === 400 || response.status === 422) {
            showSummary(S.problem, (body && body.error) || S.reviewAnswers, []);
          } else if (response.status === 429) {
            showSummary(S.waitTitle, S.waitText, []);
          } else if (response.status === 413) {
            showSummary(S.tooLargeTitle, S.tooLargeText, []);
          } else if (response.status === 404) {
            showGone(null);
          } else {
            showSummary(S.wrongTitle, S.wrongText, []);
          }
        });
      })
      .catch(function () {
        setSending(false);
        showSummary(
          S.offlineTitle,
          S.offlineText,
          [],
        );
      });
  });
})();
