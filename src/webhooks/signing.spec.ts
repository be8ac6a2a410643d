import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook, WebhookVerificationError } from 'standardwebhooks';
import { liveSecrets, overlapEnd, ROTATION_OVERLAP_MS } from './secret-rotation';
import { newWebhookSecret, signatureHeader, signingHeaders } from './signing';

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

describe('Standard Webhooks signing', () => {
  const body = '{"event":"test","timestamp":"2026-11-22T10:00:00.000Z","org_id":"org_x","data":{"webhook_id":"wh_y"}}';

  it('every issued secret decodes as base64 to a 24-byte key (32 base62 characters, no padding needed)', () => {
    for (let i = 0; i < 2000; i++) {
      const key = newWebhookSecret().slice('whsec_'.length);
      expect(Buffer.from(key, 'base64').toString('base64')).toBe(key);
    }
  });

  it("is verified by the standardwebhooks library with the secret as issued, and by nothing else's", () => {
    const secret = newWebhookSecret();
    const ts = Math.floor(Date.now() / 1000);
    const headers = signingHeaders([secret], 'dlv_abc', body, ts);
    expect(headers['webhook-id']).toBe('dlv_abc');
    expect(headers['webhook-timestamp']).toBe(String(ts));
    expect(headers['X-Service-Signature']).toBe(signatureHeader(secret, body, ts));
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`dlv_abc.${ts}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new StandardWebhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new StandardWebhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
  });

  it('signs with every live secret, newest first, in both schemes', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const ts = Math.floor(Date.now() / 1000);
    const headers = signingHeaders([current, previous], 'dlv_abc', body, ts);
    const stripeEntries = headers['X-Service-Signature'].split(',');
    expect(stripeEntries).toEqual([
      `t=${ts}`,
      signatureHeader(current, body, ts).split(',')[1],
      signatureHeader(previous, body, ts).split(',')[1],
    ]);
    const standardEntries = headers['webhook-signature'].split(' ');
    expect(standardEntries).toEqual([
      signingHeaders([current], 'dlv_abc', body, ts)['webhook-signature'],
      signingHeaders([previous], 'dlv_abc', body, ts)['webhook-signature'],
    ]);
    for (const secret of [current, previous]) expect(new StandardWebhook(secret).verify(body, headers)).toBeTruthy();
  });
});

describe('secret rotation overlap', () => {
  const rotatedAt = new Date('2026-11-22T10:00:00.000Z');
  const secrets = { secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretExpiresAt: overlapEnd(rotatedAt) };

  it('keeps the previous secret signing for exactly 24 hours', () => {
    expect(secrets.previousSecretExpiresAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(liveSecrets(secrets, rotatedAt)).toEqual(['whsec_new', 'whsec_old']);
    expect(liveSecrets(secrets, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS - 1))).toEqual([
      'whsec_new',
      'whsec_old',
    ]);
    expect(liveSecrets(secrets, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS))).toEqual(['whsec_new']);
  });

  it('signs with the one secret when never rotated', () => {
    expect(liveSecrets({ secret: 's', previousSecret: null, previousSecretExpiresAt: null }, rotatedAt)).toEqual(['s']);
  });
});
