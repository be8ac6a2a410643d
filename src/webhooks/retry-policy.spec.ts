import { backoffMs, nextAttemptDelayMs, parseRetryAfterMs, verdictForStatus } from './retry-policy';

const timing = { baseMs: 60_000, maxMs: 21_600_000 };
const noJitter = () => 0;

describe('retry policy', () => {
  it('counts only 2xx as delivered', () => {
    expect([200, 201, 202, 204, 299].map(verdictForStatus)).toEqual(Array(5).fill('delivered'));
  });

  it('retries 408, 429 and every 5xx', () => {
    expect([408, 429, 500, 502, 503, 504, 599].map(verdictForStatus)).toEqual(Array(7).fill('retry'));
  });

  it('stops at once on any other 4xx, on an unfollowed redirect and on 1xx', () => {
    expect([400, 401, 403, 404, 409, 410, 413, 422, 301, 302, 307, 101].map(verdictForStatus)).toEqual(
      Array(12).fill('stop'),
    );
  });

  it('waits min(base * 2^(n-1), max) after attempt n: 1, 2, 4 ... minutes, capped at 6 hours', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => backoffMs(n, timing, noJitter) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360]);
    // 10 attempts in all: the last comes about 8.5 hours after the first.
    const total = [1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((sum, n) => sum + backoffMs(n, timing, noJitter), 0);
    expect(total / 3_600_000).toBeCloseTo(8.52, 1);
  });

  it('adds at most 10 % jitter', () => {
    expect(backoffMs(1, timing, () => 0.999)).toBeLessThanOrEqual(66_000);
    expect(backoffMs(1, timing, () => 0.5)).toBe(63_000);
    expect(backoffMs(60, timing, noJitter)).toBe(21_600_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });

  it('honours a longer Retry-After on 429 and 503 only, within the cap', () => {
    const short = { baseMs: 200, maxMs: 1_500 };
    expect(nextAttemptDelayMs(1, short, { status: 429, retryAfter: '1' }, noJitter)).toBe(1_000);
    expect(nextAttemptDelayMs(1, short, { status: 503, retryAfter: '60' }, noJitter)).toBe(1_500);
    expect(nextAttemptDelayMs(1, short, { status: 500, retryAfter: '1' }, noJitter)).toBe(200);
    expect(nextAttemptDelayMs(3, short, { status: 429, retryAfter: '0' }, noJitter)).toBe(800);
    expect(nextAttemptDelayMs(1, short, undefined, noJitter)).toBe(200);
  });
});
