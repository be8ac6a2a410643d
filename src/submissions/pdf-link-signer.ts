import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 over submission id and expiry, with a key derived from the data encryption key. */
export class PdfLinkSigner {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'edform pdf-link v1', 32));
  }

  sign(submissionId: string, expiresUnix: number): string {
    return createHmac('sha256', this.key).update(`${submissionId}.${expiresUnix}`).digest('hex');
  }

  /** Valid signature and not expired. */
  verify(submissionId: string, expiresUnix: number, signature: string, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(expiresUnix) || expiresUnix * 1000 < nowMs) return false;
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(this.sign(submissionId, expiresUnix), 'hex'), Buffer.from(signature, 'hex'));
  }
}
