import { createHash } from 'node:crypto';
import { randomBase62 } from 'src/common/ids/ids';

export const API_KEY_PREFIX = 'edfk_live_';
const API_KEY_PATTERN = /^edfk_live_[0-9A-Za-z]{32}$/;

export interface GeneratedApiKey {
  /** The secret, shown exactly once. */
  plaintext: string;
  /** SHA-256 hex of the secret: the only thing stored. */
  hash: string;
  /** Short non-secret prefix to tell keys apart in lists. */
  displayPrefix: string;
}

export function generateApiKey(): GeneratedApiKey {
  const plaintext = API_KEY_PREFIX + randomBase62(32);
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, API_KEY_PREFIX.length + 4) };
}

/** API keys carry 190 bits of randomness, so a plain SHA-256 (no salt, no slow hash) is enough and fast. */
export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}
