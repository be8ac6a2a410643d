import { generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key';

describe('API keys', () => {
  it('generates edfk_live_ keys with 32 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey().plaintext);
    for (const key of keys) expect(key).toMatch(/^edfk_live_[0-9A-Za-z]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('stores only the SHA-256 hex of the key and a short display prefix', () => {
    const key = generateApiKey();
    expect(key.hash).toBe(hashApiKey(key.plaintext));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hash).not.toContain(key.plaintext.slice(10));
    expect(key.displayPrefix).toBe(key.plaintext.slice(0, 14));
  });

  it('hashes known input to the known SHA-256 digest', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('tells well-formed keys from garbage', () => {
    expect(isWellFormedApiKey(generateApiKey().plaintext)).toBe(true);
    expect(isWellFormedApiKey('edfk_live_short')).toBe(false);
    expect(isWellFormedApiKey(`edfk_test_${'a'.repeat(32)}`)).toBe(false);
    expect(isWellFormedApiKey(`edfk_live_${'a'.repeat(31)}!`)).toBe(false);
  });
});
