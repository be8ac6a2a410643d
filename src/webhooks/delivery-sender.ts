import { OutboundError, safeFetch } from 'src/common/http/safe-fetch';
import { type Verdict, verdictForStatus } from './retry-policy';
import { signingHeaders, WEBHOOK_USER_AGENT } from './signing';

/** Deadline of one attempt, connect included (the issue: 10 s). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Receivers should answer with a short body; anything larger is cut off and the attempt counts as failed. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface SignedRequest {
  url: string;
  /** The live secrets, the current one first: each signs the attempt, in both schemes. */
  secrets: string[];
  deliveryId: string;
  body: string;
  allowInsecure: boolean;
}

export interface AttemptReport {
  verdict: Verdict;
  statusCode: number | null;
  /** The transport error (network, timeout, refused address); null when the receiver answered. */
  error: string | null;
  durationMs: number;
  retryAfter?: string | string[];
}

/**
 * One attempt: signed afresh (new timestamp) over exactly the bytes sent, in our (Stripe's) scheme and in Standard
 * Webhooks', redirects not followed, every connection through the SSRF guard. Transport errors are retried like 5xx.
 */
export async function sendSigned(request: SignedRequest, now: () => number = Date.now): Promise<AttemptReport> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  const timestamp = Math.floor(now() / 1000);
  try {
    const response = await safeFetch(request.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': WEBHOOK_USER_AGENT,
        ...signingHeaders(request.secrets, request.deliveryId, request.body, timestamp),
      },
      body: request.body,
      allowInsecure: request.allowInsecure,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      connectTimeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
      followRedirects: false,
    });
    return {
      verdict: verdictForStatus(response.status),
      statusCode: response.status,
      error: null,
      durationMs: duration(),
      retryAfter: response.headers['retry-after'],
    };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : 'delivery failed';
    return { verdict: 'retry', statusCode: null, error: message, durationMs: duration() };
  }
}
