import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison that does not leak the length of the expected value. */
export function constantTimeEquals(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
