import { createHmac } from 'node:crypto';
import { newWebhookSecret, signatureHeader } from './signing';

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 base62 characters', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs "<t>.<body>" with HMAC-SHA256 keyed by the whole secret, in the Stripe header format', () => {
    const body =
      '{"event":"test","timestamp":"2026-11-22T10:00:00.000Z","org_id":"org_x","data":{"webhook_id":"wh_y"}}';
    const header = signatureHeader('whsec_abc', body, 1795341600);
    const expected = createHmac('sha256', 'whsec_abc').update(`1795341600.${body}`).digest('hex');
    expect(header).toBe(`t=1795341600,v1=${expected}`);
  });

  it('signs the exact bytes: non-ASCII text is hashed as UTF-8', () => {
    const body = '{"data":{"error":"Fichier chiffré ✓"}}';
    const digest = createHmac('sha256', 's')
      .update(Buffer.from(`1.${body}`, 'utf8'))
      .digest('hex');
    expect(signatureHeader('s', body, 1)).toBe(`t=1,v1=${digest}`);
  });
});
