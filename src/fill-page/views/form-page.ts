import { SafeHtml, html } from 'src/common/html/html';
import type { FillFormField, FillFormModel } from '../fill-form.model';
import { LOCALES, type Locale } from '../i18n/locales';
import { STRINGS, type PageStrings } from '../i18n/strings';
import { Ids, renderItem } from './controls';
import type { PageBrand } from './brand-header';
import { renderDocument } from './layout';
import { pageScriptStrings } from './page-script-strings';
import { groupQuestions, itemFieldIds, itemPage, type FormItem } from './questions';
import { initiallyInactive, pageRules } from './page-rules';
import { buildSteps, type Step } from './steps';

export { MAX_RADIO_CHOICES } from './controls';
export { groupQuestions, type FormItem } from './questions';

/** Kept for callers that render English text outside the page (tests, the editor's preview). */
export const REQUIRED_MARK = STRINGS.en.required;
export const LOCKED_NOTE = STRINGS.en.lockedNote;

/** What the patient saved earlier in this browser (see FillDraftsService): shown instead of an empty form. */
export interface PageDraft {
  /** The draft's id: the page sends it with its saves, the proof that it loaded what it overwrites. */
  id?: string;
  answers: Record<string, string | boolean>;
  signatures: Record<string, string>;
  step: number;
}

export interface FormPageOptions {
  locale?: Locale;
  draft?: PageDraft | null;
  /** This browser keeps a draft the page does not show: offer Continue / Start over. */
  offerDraft?: boolean;
  brand?: PageBrand;
  /** Inside a partner's frame: the link's id and the origins the page may post its edform:* messages to. */
  embed?: { fillLinkId: string; parentOrigins: string[] };
  /** The link has a redirect_url: the page passes the submission's id to the done page, which sends the patient on. */
  redirects?: boolean;
}

/** A JSON data block: never executed (so the CSP allows it), `<` escaped so it cannot close the element. */
function jsonBlock(id: string, value: unknown): SafeHtml {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return new SafeHtml(`<script type="application/json" id="${id}">${json}</script>`);
}

/** Locked prefill wins, then the patient's draft, then the editable prefill. */
function withDraft(fields: FillFormField[], draft: PageDraft | null | undefined): FillFormField[] {
  if (!draft) return fields;
  return fields.map((f) =>
    f.locked || draft.answers[f.field_id] === undefined ? f : { ...f, value: draft.answers[f.field_id] },
  );
}

/** A resumed page stays resumed in the other language (the patient already chose Continue). */
function languageSwitch(code: string, locale: Locale, resumed: boolean): SafeHtml {
  const resume = resumed ? '&resume=1' : '';
  const links = LOCALES.map((l) =>
    l === locale
      ? html`<a href="/f/${code}?lang=${l}${resume}" lang="${l}" aria-current="true">${STRINGS[l].languageName}</a>`
      : html`<a href="/f/${code}?lang=${l}${resume}" lang="${l}" hreflang="${l}">${STRINGS[l].languageName}</a>`,
  );
  return html`<nav class="lang-switch" aria-label="${STRINGS[locale].languageSwitch}">${links}</nav>`;
}

/** "Continue where you left off?": Continue reloads the page with the draft, Start over (page script) deletes it. */
function draftOffer(code: string, locale: Locale, s: PageStrings): SafeHtml {
  return html`<section
    class="panel resume-offer"
    id="resume-offer"
    aria-labelledby="resume-offer-title"
    aria-live="polite"
  >
    <h2 id="resume-offer-title">${s.resumeQuestion}</h2>
    <p>${s.resumeHint}</p>
    <form method="get" action="/f/${code}" class="resume-offer-actions">
      <input type="hidden" name="lang" value="${locale}" />
      <input type="hidden" name="resume" value="1" />
      <button type="submit" class="button button--primary" data-resume-draft>${s.resumeContinue}</button>
      <button type="button" class="button button--secondary" data-discard-draft>${s.startOver}</button>
    </form>
  </section>`;
}

/** Renders one step's questions; `hidden(item)` says whether a question starts hidden (its condition is false). */
interface StepContext {
  total: number;
  pageCount: number;
  ids: Ids;
  s: PageStrings;
  hidden: (item: FormItem) => boolean;
}

function renderStep(step: Step, index: number, { total, pageCount, ids, s, hidden }: StepContext): SafeHtml {
  const heading = step.title;
  // A form that prints no headings is sectioned by PDF page ("Page 2 of 3") when it has several.
  const byPage = pageCount > 1 && step.sections.every((section) => section.title === '');
  const sections = step.sections.map((section, i) => {
    const printed = section.title !== '' && (i > 0 || section.title !== heading || section.continued);
    const sectionTitle = section.continued ? `${section.title} ${s.continued}` : section.title;
    const title = printed ? sectionTitle : byPage && !section.continued ? s.pageOf(section.page, pageCount) : '';
    return html`${title ? html`<h3 class="section-heading">${title}</h3>` : ''}${section.items.map(
      (item) => html`${renderItem(item, ids, s, hidden(item))} `,
    )}`;
  });
  // Without a printed heading the step is named by its number (and needs no separate "Step n of m" line).
  // `data-step-count` marks the numbers the script rewrites when steps empty (all their questions hidden).
  const label =
    total > 1 && heading ? html`<p class="step-count" data-step-count>${s.stepOf(index + 1, total)}</p>` : '';
  const title = heading || (total > 1 ? s.stepOf(index + 1, total) : '');
  const counted = !heading && total > 1 ? html` data-step-count` : '';
  return html`<section class="step" data-step="${index}" ${title ? html` aria-labelledby="step-${index}-heading"` : ''}>
    ${label}
    ${title ? html`<h2 class="step-heading" id="step-${index}-heading" tabindex="-1" ${counted}>${title}</h2>` : ''}
    ${sections}
  </section> `;
}

/**
 * The hosted fill page. The form posts nothing by itself: the page script (public/fill-page/src) collects the controls by
 * `data-field-id`, shows one step at a time, saves a draft as the patient goes, validates, and POSTs a
 * FillSubmission as JSON to `data-submit-url`. Without JavaScript every step shows (and a notice says the form
 * needs it to send).
 */
export function renderFormPage(model: FillFormModel, options: FormPageOptions = {}): string {
  const locale = options.locale ?? 'en';
  const s = STRINGS[locale];
  const ids = new Ids();
  const fields = withDraft(model.fields, options.draft);
  const items = groupQuestions(fields);
  const code = encodeURIComponent(model.short_code);
  const pageCount = Math.max(model.page_count, ...items.map(itemPage), 1);
  const steps = buildSteps(items);
  const inactive = initiallyInactive(fields);
  const context: StepContext = {
    total: steps.length,
    pageCount,
    ids,
    s,
    hidden: (item) => itemFieldIds(item).every((id) => inactive.has(id)),
  };
  const initialStep = Math.min(options.draft?.step ?? 0, Math.max(0, steps.length - 1));
  const hasRequired = model.fields.some((f) => f.required);

  const body = html`${languageSwitch(code, locale, Boolean(options.draft))}
    <h1>${model.title}</h1>
    <p class="intro">${hasRequired ? html`${s.introRequired} ` : ''}${s.intro}</p>
    <noscript><p class="panel panel--warning">${s.noScript}</p></noscript>
    ${options.offerDraft ? draftOffer(code, locale, s) : ''}
    <div class="progress" id="progress" hidden>
      <div
        class="progress-bar"
        role="progressbar"
        aria-labelledby="progress-count"
        aria-valuemin="0"
        aria-valuemax="${items.length}"
        aria-valuenow="0"
      >
        <span class="progress-fill" id="progress-fill"></span>
      </div>
      <p class="progress-count" id="progress-count"></p>
    </div>
    <div class="error-summary" id="error-summary" role="alert" tabindex="-1" hidden>
      <h2 class="error-summary-title" id="error-summary-title">${s.problem}</h2>
      <p class="error-summary-text" id="error-summary-text" hidden></p>
      <ul class="error-summary-list" id="error-summary-list"></ul>
    </div>
    <form
      class="fill-form"
      id="fill-form"
      action="/f/${code}/submit"
      method="post"
      novalidate
      data-submit-url="/f/${code}/submit"
      data-draft-url="/f/${code}/draft"
      data-draft-id="${options.draft?.id ?? 'none'}"
      data-done-url="/f/${code}/done?lang=${locale}"
      data-locale="${locale}"
      data-initial-step="${initialStep}"
      data-question-count="${items.length}"
      ${options.embed?.parentOrigins.length
        ? html` data-fill-link-id="${options.embed.fillLinkId}"
          data-parent-origins="${options.embed.parentOrigins.join(' ')}"`
        : ''}
      ${options.draft ? html` data-resumed="true"` : ''}
      ${options.redirects ? html` data-redirects` : ''}
    >
      ${steps.map((step, i) => renderStep(step, i, context))}
      <div class="actions">
        <div class="step-nav">
          <button type="button" class="button button--secondary" data-step-back hidden>${s.back}</button>
          <button type="button" class="button button--primary" data-step-next hidden>${s.next}</button>
          <button type="submit" class="button button--primary" id="submit-button">${s.submit}</button>
        </div>
        <p class="status" id="form-status" role="status"></p>
        <p class="visually-hidden" id="field-announcer" aria-live="polite"></p>
        <button type="button" class="button button--link" data-start-over hidden>${s.startOver}</button>
      </div>
    </form>
    ${jsonBlock('page-strings', pageScriptStrings(s))} ${jsonBlock('field-rules', pageRules(fields))}
    ${options.draft && Object.keys(options.draft.signatures).length > 0
      ? jsonBlock('draft-signatures', options.draft.signatures)
      : ''}`;

  return renderDocument({
    title: model.title,
    body,
    lang: locale,
    brand: options.brand,
    signaturePad: model.fields.some((f) => f.kind === 'signature'),
  });
}
