import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { randomBase62 } from 'src/common/ids/ids';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const DELIVERY_ID_HEADER = 'X-Service-Delivery-Id';
/** Standard Webhooks' headers (standardwebhooks.com), sent beside ours on every delivery. */
export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';
export const WEBHOOK_USER_AGENT = 'edform-webhooks/1.0 (+partner-api)';

/**
 * `whsec_` + 32 random base62 characters (decisions.md). 32 characters of the base62 alphabet are also 32
 * characters of the base64 alphabet with no padding needed (32 × 6 bits = 24 whole bytes), so every secret issued
 * decodes to a 24-byte key for Standard Webhooks, the minimum its specification asks for.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: the Stripe header format, keyed with the whole
 * secret string (prefix included), so Stripe's own verifier accepts it. `body` is exactly the bytes sent. During a
 * rotation's overlap each live secret adds its own `v1=` entry, newest first, which Stripe's verifier accepts.
 */
export function signatureHeader(secrets: string | readonly string[], body: string, timestampSeconds: number): string {
  const digests = (typeof secrets === 'string' ? [secrets] : secrets).map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`,
  );
  return [`t=${timestampSeconds}`, ...digests].join(',');
}

/**
 * `webhook-signature`: `v1,<base64 HMAC-SHA256 over "{id}.{timestamp}.{body}">`, one space-separated entry per live
 * secret (newest first). Signed by the standardwebhooks library itself, which keys the HMAC with the base64-decoded
 * part after `whsec_`, so a receiver's `new Webhook(secret).verify(...)` with the secret as issued agrees by
 * construction.
 */
export function standardSignatureHeader(
  secrets: readonly string[],
  deliveryId: string,
  body: string,
  timestampSeconds: number,
): string {
  const at = new Date(timestampSeconds * 1000);
  return secrets.map((secret) => new StandardWebhook(secret).sign(deliveryId, at, body)).join(' ');
}

/** Every signing header of one attempt, for the secrets that are live now (the current one first). */
export function signingHeaders(
  secrets: readonly string[],
  deliveryId: string,
  body: string,
  timestampSeconds: number,
): Record<string, string> {
  return {
    [DELIVERY_ID_HEADER]: deliveryId,
    [SIGNATURE_HEADER]: signatureHeader(secrets, body, timestampSeconds),
    [STANDARD_ID_HEADER]: deliveryId,
    [STANDARD_TIMESTAMP_HEADER]: String(timestampSeconds),
    [STANDARD_SIGNATURE_HEADER]: standardSignatureHeader(secrets, deliveryId, body, timestampSeconds),
  };
}
