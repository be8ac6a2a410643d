import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { CredentialChanges } from 'src/organizations/credential-changes';
import { QUEUES } from 'src/queue/queues';
import { createOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { PrivateRedis } from 'test/utils/private-redis';
import { waitFor } from 'test/utils/wait-for';
import { ADMIN } from 'test/utils/admin-token';

// Far below the minute a cached key lives while notices arrive: passing proves the notice or the fallback worked.
const WITHIN_MS = 20_000;

async function status(t: TestApp, key: string): Promise<number> {
  return (await api(t, key).get('/api/v1/ping')).status;
}

/** Polls until `t` answers `expected` for `key`, and returns how long that took (a figure, never asserted). */
async function becomes(t: TestApp, key: string, expected: number): Promise<number> {
  const started = Date.now();
  await waitFor(async () => ((await status(t, key)) === expected ? true : undefined), WITHIN_MS, 20);
  return Date.now() - started;
}

/**
 * The key is in `t`'s cache after a 200. The first lookup starts the subscriber, whose first answer drops what was
 * cached before it (a notice may have been missed), so under load the entry can be dropped once: ask again until
 * it stays.
 */
async function cachedOn(t: TestApp, key: string): Promise<void> {
  const cache = t.app.get(CredentialChanges).cache;
  await waitFor(async () => ((await status(t, key)) === 200 && cache.size > 0 ? true : undefined), WITHIN_MS, 50);
  expect(await status(t, key)).toBe(200);
}

describe('API key cache: changes reach every API process (two apps on one Redis and one database)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = [await createTestApp(), await createTestApp()];
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a key revoked through one process is refused by the other', async () => {
    const org = await createOrg(a.app);
    await cachedOn(b, org.apiKey);
    await api(a, ADMIN).delete(`/admin/v1/api-keys/${org.keyId}`).expect(200);
    expect(await status(a, org.apiKey)).toBe(401);
    const took = await becomes(b, org.apiKey, 401);
    process.stdout.write(`revoked key refused by the other process after ${took} ms\n`);
    const res = await api(b, org.apiKey).get('/api/v1/ping').expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it("an organization's Partner API turned off through one process is refused by the other, and on again", async () => {
    const org = await createOrg(a.app);
    await cachedOn(b, org.apiKey);
    await api(a, ADMIN).patch(`/admin/v1/orgs/${org.orgId}`).send({ partner_api_enabled: false }).expect(200);
    await becomes(b, org.apiKey, 403);
    expect((await api(b, org.apiKey).get('/api/v1/ping')).body.code).toBe('PARTNER_API_NOT_ENABLED');
    await api(a, ADMIN).patch(`/admin/v1/orgs/${org.orgId}`).send({ partner_api_enabled: true }).expect(200);
    await becomes(b, org.apiKey, 200);
  });
});

describe('API key cache with Redis gone: a revocation still takes effect on the other process (Redis of the test)', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const overrides = { REDIS_URL: redis.url(), RATE_LIMIT_REDIS_TIMEOUT_MS: '300', QUEUE_ENQUEUE_TIMEOUT_MS: '500' };
    [a, b] = [await createTestApp(overrides), await createTestApp(overrides)];
  }, 60_000);

  afterAll(async () => {
    await redis?.up();
    // Bull reconnects after the outage; closing while its clients are still reconnecting fails outside the test.
    for (const t of [a, b]) {
      if (!t) continue;
      const queues = Object.values(QUEUES).map((name) => t.app.get<Queue>(getQueueToken(name), { strict: false }));
      await waitFor(
        async () => (queues.every((q) => q.client.status === 'ready') ? true : undefined),
        20_000,
        100,
      ).catch(() => undefined);
    }
    await a?.close();
    await b?.close();
    await redis?.stop();
  }, 90_000);

  it('no notice can be sent: the other process trusts its cached key for a second only', async () => {
    const org = await createOrg(a.app);
    await cachedOn(b, org.apiKey);
    await redis.down();
    await api(a, ADMIN).delete(`/admin/v1/api-keys/${org.keyId}`).expect(200);
    const took = await becomes(b, org.apiKey, 401);
    process.stdout.write(`Redis down: revoked key refused by the other process after ${took} ms\n`);
    // Keys still work meanwhile, read from the database.
    const other = await createOrg(a.app);
    expect(await status(b, other.apiKey)).toBe(200);
  }, 60_000);
});
