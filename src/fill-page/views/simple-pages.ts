import type { Locale } from '../i18n/locales';
import { STRINGS } from '../i18n/strings';
import { html } from 'src/common/html/html';
import type { PageBrand } from './brand-header';
import { renderDocument } from './layout';

export type GoneReason = 'expired' | 'exhausted' | 'retired';

/** Plain-words headings for a link that can no longer be used (HTTP 410), in English. */
export const GONE_HEADINGS: Record<GoneReason, string> = STRINGS.en.gone;

export const NEXT_STEP = STRINGS.en.nextStep;

/** Shown after a successful submit (GET /f/{short_code}/done). Says nothing about the answers. */
export function renderConfirmationPage(title: string, locale: Locale = 'en', brand?: PageBrand): string {
  const s = STRINGS[locale];
  const [before, , after] = s.doneText(title);
  return renderDocument({
    title: s.doneTitle,
    lang: locale,
    brand,
    body: html`<div class="panel panel--success">
      <h1>${s.doneTitle}</h1>
      <p>${before}<strong>${title}</strong>${after}</p>
      <p>${s.doneNothingElse}</p>
    </div>`,
  });
}

/** A page that only tells the patient something: a heading and a few paragraphs in a panel. */
function noticePage(locale: Locale, heading: string, paragraphs: string[]): string {
  return renderDocument({
    title: heading,
    lang: locale,
    body: html`<div class="panel">
      <h1>${heading}</h1>
      ${paragraphs.map((text) => html`<p>${text}</p>`)}
    </div>`,
  });
}

/** Body of the 410 response for a fill link that has expired, been used up or whose form was retired. */
export function renderGonePage(reason: GoneReason, locale: Locale = 'en'): string {
  const s = STRINGS[locale];
  return noticePage(locale, s.gone[reason] ?? s.gone.retired, [s.nextStep, s.goneMistake]);
}

/** Body of the 404 response for an unknown fill link. */
export function renderNotFoundPage(locale: Locale = 'en'): string {
  const s = STRINGS[locale];
  return noticePage(locale, s.notFoundTitle, [s.notFoundText, s.notFoundNext]);
}

/** Body of the 429 response of a fill page: too many requests from this connection. */
export function renderRateLimitedPage(locale: Locale = 'en'): string {
  const s = STRINGS[locale];
  return noticePage(locale, s.rateLimitedTitle, [s.rateLimitedText]);
}

/** Body of the 503 response of a fill page while a service it needs (the database) is away. */
export function renderUnavailablePage(locale: Locale = 'en'): string {
  const s = STRINGS[locale];
  return noticePage(locale, s.unavailableTitle, [s.unavailableText]);
}
