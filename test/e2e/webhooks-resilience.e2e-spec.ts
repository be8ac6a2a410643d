import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { QUEUES } from 'src/queue/queues';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { PrivateRedis } from 'test/utils/private-redis';
import { waitFor } from 'test/utils/wait-for';
import {
  recordEvent,
  registerWebhook,
  startReceiver,
  verifySignature,
  waitForSettled,
  type CreatedWebhook,
  type WebhookReceiver,
} from 'test/utils/webhook-receiver';

// Retries a second apart: an outage reliably lands while retries are scheduled in Redis.
const TIMING = { WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_RETRY_MAX_MS: '4000', WEBHOOK_MAX_ATTEMPTS: '6' };
// The outages below stop and flush a redis-server of this file's own (free port), never the machine's.
let redis: PrivateRedis;
const settings = () => ({ ...TIMING, REDIS_URL: redis.url() });

/** Every delivery reached the receiver with a 2xx exactly once, each request correctly signed. */
function expectEachAcknowledgedOnce(receiver: WebhookReceiver, deliveryIds: string[], secret: string): void {
  const acks = receiver.acknowledged();
  expect(deliveryIds.filter((id) => acks.get(id) !== 1)).toEqual([]);
  expect([...acks.keys()].sort()).toEqual([...deliveryIds].sort());
  for (const r of receiver.requests) expect(verifySignature(secret, r.signature, r.body)).toBe(true);
}

describe('webhook delivery survives workers and Redis going away', () => {
  let t: TestApp;
  let org: TestOrg;
  let receiver: WebhookReceiver;
  let hook: CreatedWebhook;

  async function freshHook(): Promise<void> {
    org = await createOrg(t.app);
    receiver?.setResponder(() => 200);
    receiver = await startReceiver((r) => (r.nth === 1 ? 503 : 200)); // fails the first attempt of every delivery
    hook = await registerWebhook(t, org.apiKey, receiver.url);
  }

  async function emit(count: number): Promise<void> {
    for (let i = 0; i < count; i++) await recordEvent(t, org.orgId, 'test', { webhook_id: hook.webhook_id, n: i });
  }

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp(settings());
  });
  afterEach(async () => {
    await receiver?.close();
  });
  afterAll(async () => {
    await redis.up();
    await t.close();
    await redis.stop();
  });

  it('a worker stopped in the middle of a retry schedule: a new one delivers everything, each once', async () => {
    await freshHook();
    receiver.setResponder((r) => (r.nth <= 2 ? 500 : 200)); // two failures, then success
    await emit(20);
    await waitFor(async () => (new Set(receiver.requests.map((r) => r.deliveryId)).size >= 20 ? true : undefined));
    await t.close(); // stops the dispatcher, the processor and the sweeper mid-schedule
    const before = receiver.requests.length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.requests.length).toBe(before); // nothing is delivering now
    t = await createTestApp(settings());
    const rows = await waitForSettled(t, hook.webhook_id, 20, 30_000);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 3)).toBe(true);
    expectEachAcknowledgedOnce(
      receiver,
      rows.map((r) => r.id),
      hook.secret,
    );
  });

  it('an attempt cut off by a dead worker (its lease ran out) is recorded as interrupted and made again', async () => {
    await freshHook();
    receiver.setResponder(() => 200);
    const db = t.app.get(DataSource);
    const { id: eventId } = await recordEvent(t, org.orgId, 'submission.pdf_ready', { submission_id: 'sub_x' });
    // Simulates the crash: attempt 1 claimed (leased) by a worker that never finished it.
    const [hookRow] = await db.query(`SELECT id FROM webhooks WHERE id = $1`, [hook.webhook_id]);
    await waitForSettled(t, hookRow.id, 1);
    await db.query(
      `UPDATE webhook_deliveries SET status = 'delivering', attempts = 1, max_attempts = 6, delivered_at = NULL,
         locked_until = now() - interval '1 second', last_attempt_at = now() - interval '16 seconds'
        WHERE event_id = $1`,
      [eventId],
    );
    await db.query(
      `DELETE FROM webhook_delivery_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE event_id = $1)`,
      [eventId],
    );
    const [row] = await waitForSettled(t, hook.webhook_id, 1, 15_000);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    const res = await api(t, org.apiKey).get(`/api/v1/webhooks/${hook.webhook_id}/deliveries`).expect(200);
    expect(res.body.deliveries[0].attempt_history.map((a: { outcome: string }) => a.outcome)).toEqual([
      'interrupted',
      'delivered',
    ]);
  });

  it.each([
    [
      'restarted',
      async () => {
        // Killed and started again empty, as a crash does; the outage lasts about half a second.
        await redis.down();
        await new Promise((r) => setTimeout(r, 500));
        await redis.up();
      },
    ],
    [
      'flushed',
      async () => {
        const client = new Redis(redis.url());
        await client.flushall();
        client.disconnect();
      },
    ],
  ])(
    'Redis %s in the middle of 100 deliveries: all 100 arrive, each acknowledged once',
    async (_, outage) => {
      await freshHook();
      // Every attempt fails until the outage is over, so it lands mid-way by construction (not by timing): retries
      // are scheduled in Redis and nothing is acknowledged yet.
      let outageOver = false;
      receiver.setResponder(() => (outageOver ? 200 : 503));
      await emit(100);
      await waitFor(async () => (receiver.requests.length >= 40 ? true : undefined), 20_000, 10);
      expect(receiver.acknowledged().size).toBe(0);
      try {
        await outage();
      } finally {
        await redis.up();
        outageOver = true;
      }
      const rows = await waitForSettled(t, hook.webhook_id, 100, 45_000);
      expect(rows.filter((r) => r.status !== 'delivered')).toEqual([]);
      expectEachAcknowledgedOnce(
        receiver,
        rows.map((r) => r.id),
        hook.secret,
      );
      // The same app's Bull worker still consumes after the outage (a fresh event goes straight through).
      receiver.setResponder(() => 200);
      await emit(1);
      await waitForSettled(t, hook.webhook_id, 101, 10_000);
    },
    90_000,
  );

  it('GET /health fails when the processor stops consuming, and recovers when it resumes', async () => {
    await freshHook();
    receiver.setResponder(() => 200);
    const healthy = await api(t).get('/health').expect(200);
    expect(healthy.body.info.delivery_consumption).toMatchObject({ status: 'up', consumes: true });
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.delivery));
    await queue.pause(true, true); // this worker stops taking jobs, as a wedged Bull worker would
    try {
      await emit(1);
      // One read of /health decides: the monitor's own state may change between two reads (a job taken in between
      // makes it not stalled again), so the assertions are on the body of the 503 that named the stall.
      const down = await waitFor(
        async () => {
          const res = await api(t).get('/health');
          return res.status === 503 && (res.body.unavailable as string[]).includes('delivery_consumption')
            ? res
            : undefined;
        },
        20_000,
        250,
      );
      expect(down.body.code).toBe('UNAVAILABLE'); // the global filter's 503 body; the indicator says why:
      expect(down.body.details.delivery_consumption).toMatchObject({ status: 'down', consumes: true });
      expect(down.body.details.delivery_consumption.overdue).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.resume(true);
    }
    await waitForSettled(t, hook.webhook_id, 1, 15_000);
    await waitFor(async () => ((await api(t).get('/health')).status === 200 ? true : undefined), 10_000, 250);
  }, 40_000);
});
