import { html } from './html';
import { renderDocument } from './layout';

export type GoneReason = 'expired' | 'exhausted' | 'retired';

/** Plain-words headings for a link that can no longer be used (HTTP 410). Mirrored in public/fill-page.js. */
export const GONE_HEADINGS: Record<GoneReason, string> = {
  expired: 'This link has expired',
  exhausted: 'This form has already been completed the maximum number of times',
  retired: 'This form is no longer in use',
};

export const NEXT_STEP = 'Please contact your provider for a new link.';

/** Shown after a successful submit (GET /f/{short_code}/done). Says nothing about the answers. */
export function renderConfirmationPage(title: string): string {
  const heading = 'Thank you — your form was received';
  return renderDocument({
    title: heading,
    body: html`<div class="panel panel--success">
      <h1>${heading}</h1>
      <p>Your answers to <strong>${title}</strong> have been sent securely to your provider.</p>
      <p>There is nothing else you need to do. You can close this page.</p>
    </div>`,
  });
}

/** Body of the 410 response for a fill link that has expired, been used up or whose form was retired. */
export function renderGonePage(reason: GoneReason): string {
  const heading = GONE_HEADINGS[reason] ?? GONE_HEADINGS.retired;
  return renderDocument({
    title: heading,
    body: html`<div class="panel">
      <h1>${heading}</h1>
      <p>${NEXT_STEP}</p>
      <p>If you think this is a mistake, your provider can check the link for you.</p>
    </div>`,
  });
}

/** Body of the 404 response for an unknown fill link. */
export function renderNotFoundPage(): string {
  const heading = 'We can’t find this form';
  return renderDocument({
    title: heading,
    body: html`<div class="panel">
      <h1>${heading}</h1>
      <p>The link may be incomplete. Check that you copied the whole link from your message or email.</p>
      <p>If it still does not work, ${NEXT_STEP.charAt(0).toLowerCase() + NEXT_STEP.slice(1)}</p>
    </div>`,
  });
}
