/** Patient-facing fill page views: pure functions from data to complete HTML documents (no Nest imports). */
export { renderFormPage, groupQuestions, MAX_RADIO_CHOICES, REQUIRED_MARK, LOCKED_NOTE } from './form-page';
export type { FormItem, FormPageOptions, PageDraft } from './form-page';
export { buildSteps, STEP_PARAMS } from './steps';
export {
  renderConfirmationPage,
  renderGonePage,
  renderNotFoundPage,
  renderRateLimitedPage,
  renderUnavailablePage,
  GONE_HEADINGS,
} from './simple-pages';
export type { GoneReason } from './simple-pages';
export { ASSET_URLS } from './layout';
export { escapeHtml } from 'src/common/html/html';
