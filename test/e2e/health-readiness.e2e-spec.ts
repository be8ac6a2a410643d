/**
 * Readiness against liveness of the shared parts (issue 18, points 10 and 11). An API replica's GET /health/ready
 * says whether this process can serve: Redis down or the only worker dead is reported in its body, not by a 503
 * that would take every replica out of the load balancer at once; GET /health still answers 503 naming them. A
 * worker killed while idle is reported from its heartbeats. Redis and the worker are this spec's own.
 */
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { PrivateRedis } from 'test/utils/private-redis';
import { spawnApp, waitForLog, type SpawnedApp } from 'test/utils/spawn-app';
import { waitFor } from 'test/utils/wait-for';

const QUEUE_PREFIX = `${process.env.QUEUE_PREFIX}-readiness`;

describe('readiness of an API replica while shared parts are missing', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let org: TestOrg;
  let worker: SpawnedApp | undefined;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({
      APP_ROLE: 'api', // consumes nothing: the spawned worker does
      REDIS_URL: redis.url(),
      QUEUE_PREFIX,
      WORKER_HEARTBEAT_MS: '1000',
      RATE_LIMIT_REDIS_TIMEOUT_MS: '300',
      QUEUE_ENQUEUE_TIMEOUT_MS: '500',
    });
    org = await createOrg(t.app);
  }, 120_000);

  afterAll(async () => {
    worker?.signal('SIGKILL');
    await t?.close();
    await redis?.stop();
  }, 60_000);

  it('Redis down: ready answers 200 and names Redis in degraded; /health answers 503; the API serves', async () => {
    await redis.down();
    try {
      const ready = await api(t).get('/health/ready').timeout(5_000).expect(200);
      expect(ready.body.status).toBe('ok');
      expect(ready.body.degraded).toContain('redis');
      expect(ready.body.details.redis.status).toBe('down');
      expect(ready.body.details.postgres.status).toBe('up');
      const health = await api(t).get('/health').timeout(5_000).expect(503);
      expect(health.body.unavailable).toContain('redis');
      await api(t, org.apiKey).get('/api/v1/ping').timeout(5_000).expect(200);
    } finally {
      await redis.up();
    }
    await waitFor(async () => ((await api(t).get('/health')).status === 200 ? true : undefined), 20_000);
  }, 60_000);

  it('the only worker killed while idle: /health names the dead worker, ready stays 200 and reports it', async () => {
    worker = spawnApp({ APP_ROLE: 'worker', QUEUE_PREFIX, REDIS_URL: redis.url(), WORKER_HEARTBEAT_MS: '1000' });
    await waitForLog(worker, /worker started/);
    await waitFor(async () => {
      const h = await api(t).get('/health');
      return h.status === 200 && h.body.details.workers.live_workers >= 1 ? true : undefined;
    }, 30_000);
    worker.signal('SIGKILL');
    await worker.exited;
    // Three missed beats of 1 s make a worker dead; nothing waits in the queues.
    const down = await waitFor(async () => {
      const h = await api(t).get('/health');
      return h.status === 503 ? h : undefined;
    }, 15_000);
    expect(down.body.unavailable).toEqual(['workers']);
    expect(down.body.details.workers).toMatchObject({ live_workers: 0, dead_workers: 1, waiting_jobs: 0 });
    const ready = await api(t).get('/health/ready').expect(200);
    expect(ready.body.degraded).toEqual(['workers']);
    await api(t).get('/health/live').expect(200);
  }, 150_000);
});
