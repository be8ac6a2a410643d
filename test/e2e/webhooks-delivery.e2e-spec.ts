import Stripe from 'stripe';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { fixture, importPdf } from 'test/utils/imports';
import { waitFor } from 'test/utils/wait-for';
import {
  deliveriesOf,
  recordEvent,
  registerWebhook,
  startReceiver,
  verifySignature,
  waitForSettled,
  type ReceivedRequest,
  type Reply,
  type WebhookReceiver,
} from 'test/utils/webhook-receiver';

const stripe = new Stripe('sk_test_independent_verifier');
const BASE_MS = 200;
const MAX_MS = 1_500;
const MAX_ATTEMPTS = 4;

/** Milliseconds between consecutive requests. */
const gaps = (requests: ReceivedRequest[]) => requests.slice(1).map((r, i) => r.receivedAt - requests[i].receivedAt);
const signedAt = (signature: string) => Number(/t=(\d+)/.exec(signature)![1]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhook delivery (dispatcher, delivery processor, retries)', () => {
  let t: TestApp;
  let org: TestOrg;
  const receivers: WebhookReceiver[] = [];

  /** A fresh receiver and a webhook on it, answering `reply(nth)` to the nth request of each delivery. */
  async function hookWith(reply: (nth: number) => Reply, events?: string[], owner?: TestOrg) {
    const receiver = await startReceiver((r) => reply(r.nth));
    receivers.push(receiver);
    const hookOrg = owner ?? (await createOrg(t.app));
    const hook = await registerWebhook(t, hookOrg.apiKey, receiver.url, events);
    const emit = (data: Record<string, unknown> = {}) =>
      recordEvent(t, hookOrg.orgId, 'test', { webhook_id: hook.webhook_id, ...data });
    return { receiver, hook, org: hookOrg, emit };
  }

  beforeAll(async () => {
    t = await createTestApp({
      WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
      WEBHOOK_RETRY_MAX_MS: String(MAX_MS),
      WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    });
    org = await createOrg(t.app);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await t.close();
  });

  it('delivers import.completed and import.failed from real imports: signed, the spec envelope and data', async () => {
    const { receiver, hook } = await hookWith(() => 200, ['import.completed', 'import.failed'], org);
    const done = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
    const failed = await importPdf(t, org.apiKey, fixture('hostile/encrypted.pdf'));
    expect(done.status).toBe('succeeded');
    expect(failed.status).toBe('failed');
    const requests = await receiver.waitForRequests(2);
    const bodies = requests.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, hook.secret) as unknown);
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          event: 'import.completed',
          timestamp: expect.stringMatching(/Z$/),
          org_id: org.orgId,
          data: {
            import_id: done.import_id,
            template_id: done.template_id,
            page_count: done.page_count,
            field_count: done.field_count,
            review_required: done.review_required,
          },
        },
        {
          event: 'import.failed',
          timestamp: expect.stringMatching(/Z$/),
          org_id: org.orgId,
          data: { import_id: failed.import_id, error: failed.error },
        },
      ]),
    );
    for (const r of requests) {
      expect(verifySignature(hook.secret, r.signature, r.body)).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toMatch(/edform-webhooks/);
      expect(r.deliveryId).toMatch(/^dlv_/);
    }
    expect(new Set(requests.map((r) => r.deliveryId)).size).toBe(2);
  });

  it('sends each event to every active subscription whose filter matches, and nothing across organizations', async () => {
    const failedOnly = await hookWith(() => 200, ['import.failed'], org);
    const all = await hookWith(() => 200, [], org);
    const submissions = await hookWith(() => 200, ['submission.created', 'submission.pdf_ready'], org);
    const other = await createOrg(t.app);
    const otherReceiver = await startReceiver();
    receivers.push(otherReceiver);
    await registerWebhook(t, other.apiKey, otherReceiver.url);

    await recordEvent(t, org.orgId, 'import.failed', { import_id: 'imp_a', error: 'x' });
    await recordEvent(t, org.orgId, 'submission.created', {
      submission_id: 'sub_a',
      template_id: 'tpl_a',
      fill_link_id: 'fl_a',
      external_ref: 'ref-1',
      retrieve_url: 'http://127.0.0.1:3999/api/v1/submissions/sub_a',
    });
    await recordEvent(t, org.orgId, 'import.completed', {
      import_id: 'imp_b',
      template_id: 'tpl_b',
      page_count: 1,
      field_count: 2,
      review_required: false,
    });
    await all.receiver.waitForRequests(3);
    await failedOnly.receiver.waitForRequests(1);
    await submissions.receiver.waitForRequests(1);
    await sleep(500);
    const kinds = (r: WebhookReceiver) => r.requests.map((q) => JSON.parse(q.body).event as string).sort();
    expect(kinds(all.receiver)).toEqual(['import.completed', 'import.failed', 'submission.created']);
    expect(kinds(failedOnly.receiver)).toEqual(['import.failed']);
    expect(kinds(submissions.receiver)).toEqual(['submission.created']);
    expect(otherReceiver.requests).toHaveLength(0);
    // Commit-to-arrival latency is a figure of `npm run bench:webhooks`, not an assertion on a shared machine.
    const created = submissions.receiver.requests[0];
    expect(JSON.parse(created.body).data).toEqual({
      submission_id: 'sub_a',
      template_id: 'tpl_a',
      fill_link_id: 'fl_a',
      external_ref: 'ref-1',
      retrieve_url: 'http://127.0.0.1:3999/api/v1/submissions/sub_a',
    });
    // The same event reaches two subscriptions as two deliveries, each with its own id.
    expect(all.receiver.requests.find((r) => r.body === created.body)?.deliveryId).not.toBe(created.deliveryId);
  });

  it.each<[string, Reply]>([
    ['500', 500],
    ['503', 503],
    ['408', 408],
    ['429', 429],
    ['a dropped connection', 'drop'],
  ])('retries %s with the same delivery id and a fresh signature, then delivers', async (_, failure) => {
    const { receiver, hook, emit } = await hookWith((nth) => (nth <= 2 ? failure : 200));
    await emit();
    const [delivery] = await waitForSettled(t, hook.webhook_id, 1);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const requests = receiver.forDelivery(delivery.id);
    expect(requests.map((r) => r.answered)).toEqual([failure, failure, 200]);
    for (const r of requests) {
      expect(r.body).toBe(requests[0].body); // the same bytes every time
      expect(verifySignature(hook.secret, r.signature, r.body)).toBe(true);
      // Signed at the moment of sending, not reused from the first attempt.
      expect(Math.abs(signedAt(r.signature) - Math.floor(r.receivedAt / 1000))).toBeLessThanOrEqual(1);
    }
    const [first, second] = gaps(requests);
    expect(first).toBeGreaterThanOrEqual(BASE_MS - 20);
    expect(second).toBeGreaterThanOrEqual(2 * BASE_MS - 20);
    expect(receiver.acknowledged().get(delivery.id)).toBe(1);
  });

  it.each([400, 401, 404, 410])('stops at once on %i: one attempt only', async (status) => {
    const { receiver, hook, emit } = await hookWith(() => status);
    await emit();
    const [delivery] = await waitForSettled(t, hook.webhook_id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    await sleep(BASE_MS * 4);
    expect(receiver.requests).toHaveLength(1);
  });

  it('makes WEBHOOK_MAX_ATTEMPTS attempts in all, waiting base * 2^(n-1) between them', async () => {
    const { receiver, hook, emit } = await hookWith(() => 500);
    await emit();
    const [delivery] = await waitForSettled(t, hook.webhook_id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await sleep(MAX_MS + 500);
    const requests = receiver.forDelivery(delivery.id);
    expect(requests).toHaveLength(MAX_ATTEMPTS);
    // Never earlier than the schedule (a bound that load cannot break); the exact schedule, jitter included, is
    // retry-policy.spec.ts's, with its clock in hand.
    const waits = gaps(requests);
    [BASE_MS, 2 * BASE_MS, 4 * BASE_MS].forEach((expected, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(expected - 20);
    });
  });

  it('honours a longer Retry-After on 429 and 503 within the cap, and ignores it on 500', async () => {
    const asked = await hookWith((nth) => (nth === 1 ? { status: 429, headers: { 'Retry-After': '1' } } : 200));
    const capped = await hookWith((nth) => (nth === 1 ? { status: 503, headers: { 'Retry-After': '3600' } } : 200));
    const ignored = await hookWith((nth) => (nth === 1 ? { status: 500, headers: { 'Retry-After': '1' } } : 200));
    for (const { emit } of [asked, capped, ignored]) await emit();
    for (const { hook } of [asked, capped, ignored]) await waitForSettled(t, hook.webhook_id, 1);
    const [askedGap] = gaps(asked.receiver.requests);
    const [cappedGap] = gaps(capped.receiver.requests);
    const [ignoredGap] = gaps(ignored.receiver.requests);
    // Lower bounds prove Retry-After was honoured; the others are orders, not timings: the capped wait settled
    // (an hour would not have), and the ignored Retry-After retried before the honoured one, its base being shorter.
    expect(askedGap).toBeGreaterThanOrEqual(1_000 - 20);
    expect(cappedGap).toBeGreaterThanOrEqual(MAX_MS - 20);
    expect(ignoredGap).toBeLessThan(askedGap);
    // A second apart: a different timestamp, so a different signature over the same body.
    const [one, two] = asked.receiver.requests;
    expect(two.signature).not.toBe(one.signature);
    expect(two.body).toBe(one.body);
  });

  it('stops pending retries when the webhook is deleted', async () => {
    const { receiver, hook, emit } = await hookWith(() => 500, undefined, org);
    await emit();
    await receiver.waitForRequests(1);
    await api(t, org.apiKey).delete(`/api/v1/webhooks/${hook.webhook_id}`).expect(200);
    const count = receiver.requests.length;
    expect(count).toBeLessThanOrEqual(2); // at most an attempt already in flight
    await sleep(BASE_MS * 8);
    expect(receiver.requests).toHaveLength(count);
    const [delivery] = await deliveriesOf(t, hook.webhook_id);
    expect(delivery.status).toBe('cancelled');
    // No new deliveries for it either.
    await emit();
    await sleep(500);
    expect(receiver.requests).toHaveLength(count);
  });

  it('lists deliveries newest first with their attempts, cursor-paged, and redelivers with the same id', async () => {
    const { receiver, hook, emit } = await hookWith((nth) => (nth === 1 ? 503 : 200), undefined, org);
    for (let i = 0; i < 3; i++) await emit({ i });
    await waitForSettled(t, hook.webhook_id, 3);

    const page1 = await api(t, org.apiKey).get(`/api/v1/webhooks/${hook.webhook_id}/deliveries?limit=2`).expect(200);
    expect(page1.body.deliveries).toHaveLength(2);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await api(t, org.apiKey)
      .get(`/api/v1/webhooks/${hook.webhook_id}/deliveries?limit=2&cursor=${page1.body.next_cursor}`)
      .expect(200);
    expect(page2.body.deliveries).toHaveLength(1);
    expect(page2.body).not.toHaveProperty('next_cursor');
    const all = [...page1.body.deliveries, ...page2.body.deliveries];
    expect(new Set(all.map((d: { delivery_id: string }) => d.delivery_id)).size).toBe(3);
    const entry = all[0];
    expect(entry).toEqual({
      delivery_id: expect.stringMatching(/^dlv_/),
      webhook_id: hook.webhook_id,
      event_id: expect.stringMatching(/^evt_/),
      event: 'test',
      status: 'delivered',
      attempts: 2,
      max_attempts: MAX_ATTEMPTS,
      next_attempt_at: null,
      last_attempt_at: expect.stringMatching(/Z$/),
      last_status_code: 200,
      last_error: null,
      delivered_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
      attempt_history: [
        {
          attempt: 1,
          attempted_at: expect.stringMatching(/Z$/),
          status_code: 503,
          error: null,
          duration_ms: expect.any(Number),
          outcome: 'retry',
        },
        {
          attempt: 2,
          attempted_at: expect.stringMatching(/Z$/),
          status_code: 200,
          error: null,
          duration_ms: expect.any(Number),
          outcome: 'delivered',
        },
      ],
    });

    const before = receiver.forDelivery(entry.delivery_id).length;
    const res = await api(t, org.apiKey)
      .post(`/api/v1/webhooks/${hook.webhook_id}/deliveries/${entry.delivery_id}/redeliver`)
      .expect(202);
    expect(res.body).toMatchObject({ delivery_id: entry.delivery_id, max_attempts: 3 });
    // The worker may already have picked the new attempt up by the time the response is written.
    expect(['pending', 'delivering']).toContain(res.body.status);
    await waitFor(async () => (receiver.forDelivery(entry.delivery_id).length > before ? true : undefined), 5_000);
    const [settled] = (await waitForSettled(t, hook.webhook_id, 3)).filter((d) => d.id === entry.delivery_id);
    expect(settled).toMatchObject({ status: 'delivered', attempts: 3 });
    const again = receiver.forDelivery(entry.delivery_id).at(-1)!;
    expect(verifySignature(hook.secret, again.signature, again.body)).toBe(true);

    await api(t, org.apiKey)
      .post(`/api/v1/webhooks/${hook.webhook_id}/deliveries/dlv_0123456789012345678901/redeliver`)
      .expect(404);
    const bad = await api(t, org.apiKey).get(`/api/v1/webhooks/${hook.webhook_id}/deliveries?cursor=abc`).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('records a transport error per attempt, never the body', async () => {
    const { receiver, hook, emit } = await hookWith((nth) => (nth === 1 ? 'drop' : 200), undefined, org);
    await emit();
    await waitForSettled(t, hook.webhook_id, 1);
    const res = await api(t, org.apiKey).get(`/api/v1/webhooks/${hook.webhook_id}/deliveries`).expect(200);
    const [first] = res.body.deliveries[0].attempt_history;
    expect(first).toMatchObject({ attempt: 1, status_code: null, outcome: 'retry', error: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(receiver.requests[0].body);
  });
});
