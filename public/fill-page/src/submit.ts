// Sending the answers (POST data-submit-url as JSON) and what the page says for each answer of the server.
import type { FieldError, FillSubmission } from '../../../src/fill-page/fill-form.model';
import type { ErrorDisplay } from './errors';
import { pageStrings } from './strings';

interface ErrorBody {
  error?: string;
  reason?: string;
  gone_reason?: string;
  fields?: FieldError[];
}

async function readJson(response: Response): Promise<ErrorBody | null> {
  try {
    const text = await response.text();
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' ? (value as ErrorBody) : null;
  } catch {
    return null;
  }
}

/** Replaces the page with "this link can no longer be used" (HTTP 410 or 404 while filling). */
export function showGone(body: ErrorBody | null): void {
  const S = pageStrings();
  const headings: Record<string, string> = { expired: S.expired, exhausted: S.exhausted, retired: S.retired };
  const reason = body?.reason ?? body?.gone_reason;
  const heading = (reason && headings[reason]) || S.goneDefault;
  const main = document.getElementById('main') ?? document.body;
  main.textContent = '';
  const panel = document.createElement('div');
  panel.className = 'panel';
  const h1 = document.createElement('h1');
  h1.textContent = heading;
  h1.tabIndex = -1;
  const p = document.createElement('p');
  p.textContent = S.goneNotSent + S.nextStep;
  panel.append(h1, p);
  main.append(panel);
  document.title = heading;
  h1.focus();
}

export interface SubmitTarget {
  url: string;
  doneUrl: string;
  status: HTMLElement;
  errors: ErrorDisplay;
  /** Shows the errors on the step of the first one. */
  showFieldErrors: (errors: FieldError[]) => void;
  setSending: (on: boolean) => void;
  /** The link has a redirect_url: the done page needs the submission's id. */
  redirects: boolean;
  /** Told the submission's id before the page leaves for the done page (the embedding parent hears of it). */
  submitted: (submissionId: string) => void;
}

export async function send(payload: FillSubmission & { locale: string }, target: SubmitTarget): Promise<void> {
  const S = pageStrings();
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    target.setSending(false);
    target.errors.showSummary(S.offlineTitle, S.offlineText, []);
    return;
  }
  if (response.status === 201 || response.status === 200) {
    target.status.textContent = S.sent;
    const submissionId = response.headers.get('X-Submission-Id') ?? '';
    let doneUrl = target.doneUrl;
    if (submissionId) {
      target.submitted(submissionId);
      // The done page sends the patient on to the link's redirect_url with this id.
      if (target.redirects) doneUrl += `&submission_id=${encodeURIComponent(submissionId)}`;
    }
    window.location.replace(doneUrl);
    return;
  }
  const body = await readJson(response);
  target.setSending(false);
  if (response.status === 410) showGone(body);
  else if (response.status === 400 && Array.isArray(body?.fields) && body.fields.length)
    target.showFieldErrors(body.fields);
  else if (response.status === 400 || response.status === 422)
    target.errors.showSummary(S.problem, body?.error ?? S.reviewAnswers, []);
  else if (response.status === 429) target.errors.showSummary(S.waitTitle, S.waitText, []);
  else if (response.status === 413) target.errors.showSummary(S.tooLargeTitle, S.tooLargeText, []);
  else if (response.status === 404) showGone(null);
  else target.errors.showSummary(S.wrongTitle, S.wrongText, []);
}
