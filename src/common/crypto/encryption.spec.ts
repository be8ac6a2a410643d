import { randomBytes } from 'node:crypto';
import { DecryptionError, Keyring, keyringFromSettings } from './encryption';

describe('encryption at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const ring = new Keyring(key);

  it('round-trips a value', () => {
    const plaintext = Buffer.from('Zoë Ðorđević, DOB 1990-01-02');
    expect(ring.decrypt(ring.encrypt(plaintext)).toString()).toBe(plaintext.toString());
  });

  it('uses a random IV: the same value encrypts differently each time, and hides the plaintext', () => {
    const plaintext = Buffer.from('same value');
    const a = ring.encrypt(plaintext);
    const b = ring.encrypt(plaintext);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plaintext)).toBe(false);
  });

  it('refuses a tampered ciphertext', () => {
    const stored = ring.encrypt(Buffer.from('answer'));
    stored[stored.length - 1] ^= 0x01;
    expect(() => ring.decrypt(stored)).toThrow(DecryptionError);
  });

  it('refuses a tampered auth tag and a truncated value', () => {
    const stored = ring.encrypt(Buffer.from('answer'));
    const tag = Buffer.from(stored);
    tag[2 + 8 + 12] ^= 0xff;
    expect(() => ring.decrypt(tag)).toThrow(DecryptionError);
    expect(() => ring.decrypt(stored.subarray(0, 20))).toThrow(DecryptionError);
  });

  it('reads values written under a previous key after rotation, and writes with the new key', () => {
    const old = new Keyring(key);
    const stored = old.encrypt(Buffer.from('written before rotation'));
    const rotated = new Keyring(randomBytes(32), [key]);
    expect(rotated.decrypt(stored).toString()).toBe('written before rotation');
    expect(Keyring.keyIdOf(rotated.encrypt(Buffer.from('x')))).toBe(rotated.currentKeyId);
    expect(Keyring.keyIdOf(stored)).toBe(Keyring.keyId(key));
  });

  it('refuses a value whose key is not configured', () => {
    const stored = new Keyring(randomBytes(32)).encrypt(Buffer.from('x'));
    expect(() => ring.decrypt(stored)).toThrow(/no key with id/);
  });

  it('builds the keyring from base64 settings, falling back to the development key', () => {
    const b64 = key.toString('base64');
    expect(keyringFromSettings(b64, undefined).currentKeyId).toBe(Keyring.keyId(key));
    expect(keyringFromSettings(undefined, undefined).currentKeyId).not.toBe(Keyring.keyId(key));
  });
});
