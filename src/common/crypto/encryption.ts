import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const MAGIC = Buffer.from('E1');
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + IV_BYTES + TAG_BYTES;

/** Fixed key used only when DATA_ENCRYPTION_KEY is unset outside production (boot refuses it in production). */
export const DEVELOPMENT_KEY = createHash('sha256').update('edform development key: not secret').digest();

export class DecryptionError extends Error {}

/**
 * AES-256-GCM for protected health information at rest. Each value is
 * `E1 | key id (8) | random IV (12) | auth tag (16) | ciphertext`, so keys can rotate: new values use the
 * current key, old ones are read with whichever key their id names.
 */
export class Keyring {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new Error('encryption keys must be 32 bytes');
      this.keys.set(Keyring.keyId(key), key);
    }
    this.currentKeyId = Keyring.keyId(current);
  }

  static keyId(key: Buffer): string {
    return createHash('sha256').update(key).digest('hex').slice(0, KEY_ID_BYTES);
  }

  encrypt(plaintext: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([MAGIC, Buffer.from(this.currentKeyId, 'ascii'), iv, cipher.getAuthTag(), ciphertext]);
  }

  decrypt(stored: Buffer): Buffer {
    if (stored.length < HEADER_BYTES || !stored.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new DecryptionError('stored value is not an encrypted value');
    }
    let offset = MAGIC.length;
    const keyId = stored.subarray(offset, (offset += KEY_ID_BYTES)).toString('ascii');
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionError(`no key with id ${keyId} is configured`);
    const iv = stored.subarray(offset, (offset += IV_BYTES));
    const tag = stored.subarray(offset, (offset += TAG_BYTES));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(stored.subarray(offset)), decipher.final()]);
    } catch {
      throw new DecryptionError('encrypted value failed its integrity check');
    }
  }

  /** Key id a stored value was written with (for re-encryption jobs after a rotation). */
  static keyIdOf(stored: Buffer): string {
    return stored.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES).toString('ascii');
  }
}

let keyring: Keyring | undefined;

/** Called once at boot (and by scripts) before any entity with an encrypted column is read or written. */
export function configureKeyring(ring: Keyring): void {
  keyring = ring;
}

export function getKeyring(): Keyring {
  if (!keyring) throw new Error('encryption keyring is not configured');
  return keyring;
}

export function keyringFromSettings(current: string | undefined, previous: string | undefined): Keyring {
  const decode = (k: string) => Buffer.from(k.trim(), 'base64');
  const previousKeys = previous ? previous.split(',').filter(Boolean).map(decode) : [];
  return new Keyring(current ? decode(current) : DEVELOPMENT_KEY, previousKeys);
}
