import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import {
  deliveriesOf,
  registerWebhook,
  startReceiver,
  verifySignature,
  type WebhookReceiver,
} from 'test/utils/webhook-receiver';

const stripe = new Stripe('sk_test_independent_verifier');

describe('webhooks management (POST/GET/DELETE /webhooks, POST /webhooks/{id}/test)', () => {
  let t: TestApp;
  let org: TestOrg;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_RETRY_MAX_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '3' });
    org = await createOrg(t.app);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('registers a webhook: 201 with the one-time whsec_ secret, stored encrypted', async () => {
    const res = await api(t, org.apiKey)
      .post('/api/v1/webhooks')
      .send({ url: receiver.url, events: ['import.completed'] })
      .expect(201);
    expect(res.body).toEqual({
      webhook_id: expect.stringMatching(/^wh_[0-9A-Za-z]{20,}$/),
      url: receiver.url,
      events: ['import.completed'],
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{32}$/),
      created_at: expect.stringMatching(/Z$/),
    });
    const [row] = await t.app.get(DataSource).query(`SELECT secret FROM webhooks WHERE id = $1`, [res.body.webhook_id]);
    expect(Buffer.isBuffer(row.secret)).toBe(true);
    expect((row.secret as Buffer).includes(Buffer.from(res.body.secret))).toBe(false);
    expect((row.secret as Buffer).includes(Buffer.from(res.body.secret.slice(6)))).toBe(false);
  });

  it('lists active webhooks newest first, never with a secret', async () => {
    const other = await createOrg(t.app);
    const a = await registerWebhook(t, other.apiKey, receiver.url);
    const b = await registerWebhook(t, other.apiKey, receiver.url, ['submission.created', 'submission.created']);
    const res = await api(t, other.apiKey).get('/api/v1/webhooks').expect(200);
    expect(res.body).toEqual({
      webhooks: [
        { webhook_id: b.webhook_id, url: receiver.url, events: ['submission.created'], created_at: b.created_at },
        { webhook_id: a.webhook_id, url: receiver.url, events: [], created_at: a.created_at },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('whsec_');
  });

  it.each([
    ['an unknown event name', { url: 'http://127.0.0.1:9/x', events: ['submission.deleted'] }, 'events'],
    ['events not an array', { url: 'http://127.0.0.1:9/x', events: 'test' }, 'events'],
    ['no url', { events: [] }, 'url'],
    ['a url that is not a URL', { url: 'not a url' }, 'url'],
    ['an ftp url', { url: 'ftp://127.0.0.1/x' }, 'url'],
    ['an unknown property', { url: 'http://127.0.0.1:9/x', secret: 'whsec_mine' }, 'secret'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await api(t, org.apiKey).post('/api/v1/webhooks').send(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toContain(field);
  });

  it('allows 10 active webhooks per organization; the 11th is 400 saying so; deleting one frees a slot', async () => {
    const limited = await createOrg(t.app);
    const created = await Promise.all(
      Array.from({ length: 12 }, () => api(t, limited.apiKey).post('/api/v1/webhooks').send({ url: receiver.url })),
    );
    expect(created.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = created.filter((r) => r.status === 400);
    expect(refused).toHaveLength(2);
    expect(refused[0].body.error).toMatch(/at most 10 active webhooks/);
    const first = created.find((r) => r.status === 201)!.body.webhook_id as string;
    await api(t, limited.apiKey).delete(`/api/v1/webhooks/${first}`).expect(200);
    await api(t, limited.apiKey).post('/api/v1/webhooks').send({ url: receiver.url }).expect(201);
    await api(t, limited.apiKey).post('/api/v1/webhooks').send({ url: receiver.url }).expect(400);
  });

  it('deactivates with DELETE: 200 {webhook_id, active: false}, gone from the list, repeatable', async () => {
    const hook = await registerWebhook(t, org.apiKey, receiver.url);
    const res = await api(t, org.apiKey).delete(`/api/v1/webhooks/${hook.webhook_id}`).expect(200);
    expect(res.body).toEqual({ webhook_id: hook.webhook_id, active: false });
    const list = await api(t, org.apiKey).get('/api/v1/webhooks').expect(200);
    expect(list.body.webhooks.map((w: { webhook_id: string }) => w.webhook_id)).not.toContain(hook.webhook_id);
    await api(t, org.apiKey).delete(`/api/v1/webhooks/${hook.webhook_id}`).expect(200);
    const test = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(409);
    expect(test.body.code).toBe('CONFLICT');
  });

  it('replays POST /webhooks with the same Idempotency-Key (one webhook, the same secret)', async () => {
    const first = await api(t, org.apiKey)
      .post('/api/v1/webhooks')
      .set('Idempotency-Key', 'create-hook-1')
      .send({ url: receiver.url })
      .expect(201);
    const again = await api(t, org.apiKey)
      .post('/api/v1/webhooks')
      .set('Idempotency-Key', 'create-hook-1')
      .send({ url: receiver.url })
      .expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  describe('POST /webhooks/{id}/test', () => {
    it('delivers one signed test event synchronously: 200 {delivered: true, status_code: 200, error: null}', async () => {
      receiver.setResponder(() => 200);
      const hook = await registerWebhook(t, org.apiKey, receiver.url, ['import.failed']);
      const before = receiver.requests.length;
      const res = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200);
      expect(res.body).toEqual({ delivered: true, status_code: 200, error: null });
      const [request] = receiver.requests.slice(before);
      expect(receiver.requests.length).toBe(before + 1);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/edform/);
      expect(request.deliveryId).toMatch(/^dlv_[0-9A-Za-z]{20,}$/);
      expect(verifySignature(hook.secret, request.signature, request.body)).toBe(true);
      const event = stripe.webhooks.constructEvent(request.body, request.signature, hook.secret) as unknown;
      expect(event).toEqual({
        event: 'test',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        org_id: org.orgId,
        data: { webhook_id: hook.webhook_id },
      });
      expect(Object.keys(JSON.parse(request.body))).toEqual(['event', 'timestamp', 'org_id', 'data']);
      // Recorded like any delivery, one attempt; a forged signature fails both verifiers.
      const [row] = await deliveriesOf(t, hook.webhook_id);
      expect(row).toMatchObject({ id: request.deliveryId, status: 'delivered', attempts: 1, max_attempts: 1 });
      const forged = request.signature.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0'));
      expect(verifySignature(hook.secret, forged, request.body)).toBe(false);
      expect(() => stripe.webhooks.constructEvent(request.body, forged, hook.secret)).toThrow();
      expect(() => stripe.webhooks.constructEvent(`${request.body} `, request.signature, hook.secret)).toThrow();
    });

    it('reports a 500 as {delivered: false, status_code: 500} and never retries a test delivery', async () => {
      receiver.setResponder(() => 500);
      const hook = await registerWebhook(t, org.apiKey, receiver.url);
      const before = receiver.requests.length;
      const res = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200);
      expect(res.body).toEqual({ delivered: false, status_code: 500, error: null });
      await new Promise((r) => setTimeout(r, 1_500)); // several retry intervals of this app's settings
      expect(receiver.requests.length).toBe(before + 1);
      const [row] = await deliveriesOf(t, hook.webhook_id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      receiver.setResponder(() => 200);
    });

    it('reports a refused connection as {delivered: false, status_code: null, error}', async () => {
      const closed = await startReceiver();
      const url = closed.url;
      await closed.close();
      const hook = await registerWebhook(t, org.apiKey, url);
      const res = await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200);
      expect(res.body).toEqual({ delivered: false, status_code: null, error: expect.stringMatching(/ECONNREFUSED/) });
    });
  });

  it('requires the webhooks:manage scope on every route', async () => {
    const key = await createKey(t.app, org.orgId, ['imports:write', 'submissions:read']);
    const hook = await registerWebhook(t, org.apiKey, receiver.url);
    const calls = [
      api(t, key).post('/api/v1/webhooks').send({ url: receiver.url }),
      api(t, key).get('/api/v1/webhooks'),
      api(t, key).delete(`/api/v1/webhooks/${hook.webhook_id}`),
      api(t, key).post(`/api/v1/webhooks/${hook.webhook_id}/test`),
      api(t, key).get(`/api/v1/webhooks/${hook.webhook_id}/deliveries`),
      api(t, key).post(`/api/v1/webhooks/${hook.webhook_id}/deliveries/dlv_0123456789012345678901/redeliver`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'SCOPE_REQUIRED', required_scope: 'webhooks:manage' });
    }
  });

  it("answers 404 for another organization's webhook and deliveries, exactly as for a missing one", async () => {
    const hook = await registerWebhook(t, org.apiKey, receiver.url);
    await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200);
    const [delivery] = await deliveriesOf(t, hook.webhook_id);
    const stranger = await createOrg(t.app);
    const before = receiver.requests.length;
    for (const id of [hook.webhook_id, 'wh_0123456789012345678901', 'nonsense']) {
      const calls = [
        api(t, stranger.apiKey).delete(`/api/v1/webhooks/${id}`),
        api(t, stranger.apiKey).post(`/api/v1/webhooks/${id}/test`),
        api(t, stranger.apiKey).get(`/api/v1/webhooks/${id}/deliveries`),
        api(t, stranger.apiKey).post(`/api/v1/webhooks/${id}/deliveries/${delivery.id}/redeliver`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'webhook not found', code: 'NOT_FOUND' });
      }
    }
    expect(receiver.requests.length).toBe(before);
    const list = await api(t, stranger.apiKey).get('/api/v1/webhooks').expect(200);
    expect(list.body).toEqual({ webhooks: [] });
    // Still active for its owner.
    await api(t, org.apiKey).post(`/api/v1/webhooks/${hook.webhook_id}/test`).expect(200);
  });
});
