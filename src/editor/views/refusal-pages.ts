import { html } from 'src/common/html/html';
import { renderEditorDocument } from './layout';

/** Why an editor link was refused, in the words staff see (never a stack trace, never the token). */
export type EditorRefusal = 'expired' | 'retired' | 'invalid' | 'not_found' | 'rate_limited' | 'unavailable' | 'error';

export const REFUSAL_STATUS: Record<EditorRefusal, number> = {
  expired: 410,
  retired: 410,
  invalid: 403,
  not_found: 404,
  rate_limited: 429,
  unavailable: 503,
  error: 500,
};

const REFUSAL_TEXT: Record<EditorRefusal, { heading: string; body: string }> = {
  expired: {
    heading: 'This editor link has expired',
    body: 'Editor links are valid for 60 minutes. Open the editor again from your application to get a new link.',
  },
  retired: {
    heading: 'This template is no longer in use',
    body: 'The template was retired, so it can no longer be edited. Import the form again to make a new template.',
  },
  invalid: {
    heading: 'This editor link is not valid',
    body: 'The link is incomplete or was changed, or it belongs to another template. Open the editor again from your application.',
  },
  not_found: {
    heading: 'We can’t find this template',
    body: 'The template may have been removed. Open the editor again from your application.',
  },
  rate_limited: {
    heading: 'Too many requests',
    body: 'The editor was opened too often in a short time. Wait a minute, then reload this page.',
  },
  unavailable: {
    heading: 'The editor is briefly unavailable',
    body: 'The service cannot reach its database right now. Reload this page in a few moments.',
  },
  error: {
    heading: 'Something went wrong',
    body: 'The editor could not be opened. Please try again in a moment.',
  },
};

export function renderRefusalPage(reason: EditorRefusal): string {
  const { heading, body } = REFUSAL_TEXT[reason];
  return renderEditorDocument({
    title: heading,
    body: html`<main class="message" id="main">
      <h1>${heading}</h1>
      <p>${body}</p>
    </main>`,
  });
}
