import Stripe from 'stripe';
import { Webhook as StandardWebhook, WebhookVerificationError } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { WebhookClock } from 'src/webhooks/webhook-clock';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import {
  recordEvent,
  registerWebhook,
  startReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from 'test/utils/webhook-receiver';

const stripe = new Stripe('sk_test_independent_verifier');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Both schemes, each with its own library: Stripe's constructEvent and Standard Webhooks' verify. */
function verifiesWith(secret: string, request: ReceivedRequest): { stripe: boolean; standard: boolean } {
  const tryIt = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch (error) {
      if (error instanceof WebhookVerificationError || error instanceof Stripe.errors.StripeSignatureVerificationError)
        return false;
      throw error;
    }
  };
  return {
    stripe: tryIt(() => stripe.webhooks.constructEvent(request.body, request.signature, secret)),
    standard: tryIt(() => new StandardWebhook(secret).verify(request.body, request.headers as Record<string, string>)),
  };
}

describe('Standard Webhooks headers and secret rotation', () => {
  let t: TestApp;
  let org: TestOrg;
  let receiver: WebhookReceiver;
  let clock: jest.SpyInstance<Date, []> | undefined;

  /** A fresh organization with one webhook on the receiver (each test's events reach its own webhook only). */
  async function freshHook() {
    org = await createOrg(t.app);
    return registerWebhook(t, org.apiKey, receiver.url);
  }

  /** Records an event through the outbox (the dispatcher delivers it) and waits for its request. */
  async function deliverOne(hookId: string): Promise<ReceivedRequest> {
    const before = receiver.requests.length;
    await recordEvent(t, org.orgId, 'test', { webhook_id: hookId });
    const requests = await receiver.waitForRequests(before + 1);
    return requests[before];
  }

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_RETRY_MAX_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '3' });
    receiver = await startReceiver();
  });
  afterEach(() => clock?.mockRestore());
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('every delivery carries webhook-id, webhook-timestamp and webhook-signature beside our headers', async () => {
    const hook = await freshHook();
    const request = await deliverOne(hook.webhook_id);
    expect(request.headers['webhook-id']).toBe(request.deliveryId);
    expect(request.deliveryId).toMatch(/^dlv_/);
    expect(request.headers['webhook-timestamp']).toBe(/t=(\d+)/.exec(request.signature)![1]);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifiesWith(hook.secret, request)).toEqual({ stripe: true, standard: true });
    expect(new StandardWebhook(hook.secret).verify(request.body, request.headers as Record<string, string>)).toEqual(
      JSON.parse(request.body),
    );
    // The synchronous test delivery is signed the same way.
    await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200, {
      delivered: true,
      status_code: 200,
      error: null,
    });
    const test = receiver.requests.at(-1)!;
    expect(verifiesWith(hook.secret, test)).toEqual({ stripe: true, standard: true });
  });

  it('rotates: both secrets sign for 24 hours (new first, both schemes), then the old one stops verifying', async () => {
    const hook = await freshHook();
    const rotatedAt = new Date(Date.now() - 60_000);
    clock = jest.spyOn(t.app.get(WebhookClock), 'now').mockImplementation(() => rotatedAt);
    const res = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`).expect(200);
    expect(res.body).toEqual({
      webhook_id: hook.webhook_id,
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{32}$/),
      previous_secret_expires_at: new Date(rotatedAt.getTime() + DAY_MS).toISOString(),
    });
    const rotated = res.body as { secret: string };
    expect(rotated.secret).not.toBe(hook.secret);

    // Within the overlap (the last millisecond of it included): two entries in each header, the new secret first.
    clock.mockImplementation(() => new Date(rotatedAt.getTime() + DAY_MS - 1));
    const during = await deliverOne(hook.webhook_id);
    expect(during.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiesWith(rotated.secret, during)).toEqual({ stripe: true, standard: true });
    expect(verifiesWith(hook.secret, during)).toEqual({ stripe: true, standard: true });
    const newOnly = stripe.webhooks.generateTestHeaderString({
      payload: during.body,
      secret: rotated.secret,
      timestamp: Number(during.headers['webhook-timestamp']),
    });
    expect(during.signature.split(',')[1]).toBe(newOnly.split(',')[1]);

    // The overlap is over: only the new secret signs.
    clock.mockImplementation(() => new Date(rotatedAt.getTime() + DAY_MS));
    const after = await deliverOne(hook.webhook_id);
    expect(after.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiesWith(rotated.secret, after)).toEqual({ stripe: true, standard: true });
    expect(verifiesWith(hook.secret, after)).toEqual({ stripe: false, standard: false });
  });

  it('keeps both secrets encrypted at rest and never lists them', async () => {
    const hook = await freshHook();
    const { body } = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`).expect(200);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT secret, previous_secret FROM webhooks WHERE id = $1`, [hook.webhook_id]);
    for (const stored of [row.secret, row.previous_secret]) expect(stored.toString('latin1')).not.toContain('whsec_');
    const list = await api(t, org.apiKey).get('/api/v1/webhooks').expect(200);
    expect(JSON.stringify(list.body)).not.toContain((body as { secret: string }).secret);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('a repeated rotation with the same Idempotency-Key returns the same secret and rotates once', async () => {
    const hook = await freshHook();
    const rotate = () =>
      api(t, org.apiKey)
        .post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`)
        .set('Idempotency-Key', `rotate-${hook.webhook_id}`)
        .expect(200);
    const first = (await rotate()).body as { secret: string };
    const second = await rotate();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first);
    const request = await deliverOne(hook.webhook_id);
    expect(verifiesWith(first.secret, request)).toEqual({ stripe: true, standard: true });
    expect(verifiesWith(hook.secret, request)).toEqual({ stripe: true, standard: true });
  });

  it('refuses: another organization (404), a deactivated webhook (409), a key without webhooks:manage (403)', async () => {
    const hook = await freshHook();
    const other = await createOrg(t.app);
    await api(t, other.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`).expect(404);
    const reader = await createKey(t.app, org.orgId, ['templates:read']);
    const denied = await api(t, reader).post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`).expect(403);
    expect(denied.body).toMatchObject({ code: 'SCOPE_REQUIRED', required_scope: 'webhooks:manage' });
    await api(t, org.apiKey).delete(`/api/v1/webhooks/${hook.webhook_id}`).expect(200);
    const gone = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/rotate-secret`).expect(409);
    expect(gone.body.error).toContain('deactivated');
  });
});
