import { createHmac } from 'node:crypto';
import { randomBase62 } from 'src/common/ids/ids';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const DELIVERY_ID_HEADER = 'X-Service-Delivery-Id';
export const WEBHOOK_USER_AGENT = 'edform-webhooks/1.0 (+partner-api)';

/** `whsec_` + 32 random base62 characters (decisions.md). */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: the Stripe header format, keyed with the whole
 * secret string (prefix included), so Stripe's own verifier accepts it. `body` is exactly the bytes sent.
 */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}
