/**
 * What an attempt's outcome means and when the next attempt comes. Plain TypeScript, no Nest.
 *
 * Attempt n+1 waits `min(base * 2^(n-1), max)` plus up to 10 % jitter (decisions.md); a longer `Retry-After`
 * on 429/503 is honoured within the cap.
 */
export type Verdict = 'delivered' | 'retry' | 'stop';

export interface RetryTiming {
  baseMs: number;
  maxMs: number;
}

const RETRYABLE_4XX = new Set([408, 429]);
const RETRY_AFTER_STATUSES = new Set([429, 503]);
export const JITTER_RATIO = 0.1;

/** 2xx delivered; 408, 429 and 5xx retried; every other status (other 4xx, unfollowed 3xx, 1xx) stops. */
export function verdictForStatus(status: number): Verdict {
  if (status >= 200 && status <= 299) return 'delivered';
  if (RETRYABLE_4XX.has(status) || (status >= 500 && status <= 599)) return 'retry';
  return 'stop';
}

/** The wait before the next attempt, after `attemptsMade` attempts (1-based), without Retry-After. */
export function backoffMs(attemptsMade: number, timing: RetryTiming, random: () => number = Math.random): number {
  const exponent = Math.max(0, attemptsMade - 1);
  const wait = Math.min(timing.baseMs * 2 ** Math.min(exponent, 52), timing.maxMs);
  return Math.round(wait + random() * wait * JITTER_RATIO);
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The wait before the next attempt: the backoff, or a longer Retry-After (429/503 only), never past the cap. */
export function nextAttemptDelayMs(
  attemptsMade: number,
  timing: RetryTiming,
  response?: { status: number; retryAfter?: string | string[] },
  random: () => number = Math.random,
): number {
  const backoff = backoffMs(attemptsMade, timing, random);
  if (!response || !RETRY_AFTER_STATUSES.has(response.status)) return backoff;
  const asked = parseRetryAfterMs(response.retryAfter);
  if (asked === undefined || asked <= backoff) return backoff;
  return Math.max(backoff, Math.min(asked, timing.maxMs));
}
