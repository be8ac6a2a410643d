import { getQueueToken } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { QUEUES } from 'src/queue/queues';
import { SubmissionsSweeper } from 'src/submissions/submissions.sweeper';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { answersFor, createLink, templateFrom, waitForPdfReady, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { PrivateRedis } from 'test/utils/private-redis';
import { waitFor } from 'test/utils/wait-for';

// A request may wait for Redis this long at most (rate limit 300 ms, then enqueue 500 ms); a hung one fails here.
const ANSWER_WITHIN_MS = 5_000;

/** Warn and error lines that repeat (digits ignored): an outage is logged per state change, not per operation. */
function repeatedLines(...spies: jest.SpyInstance[]): string[] {
  const seen = new Map<string, number>();
  for (const spy of spies)
    for (const [message] of spy.mock.calls) {
      const key = String(message).replace(/\d+/g, '#');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${n}× ${key}`);
}

function messagesOf(spy: jest.SpyInstance, pattern: RegExp): string[] {
  return spy.mock.calls.map(([message]) => String(message)).filter((m) => pattern.test(m));
}

describe('Redis down or frozen: partner and patient requests keep working (Redis of the test, not the machine)', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let fields: Field[];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({
      REDIS_URL: redis.url(),
      RATE_LIMIT_REDIS_TIMEOUT_MS: '300',
      QUEUE_ENQUEUE_TIMEOUT_MS: '500',
    });
    org = await createOrg(t.app);
    ({ templateId, fields } = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf'));
  }, 120_000);

  afterAll(async () => {
    // Bull's close forces its blocking client to reconnect; closing while its clients are still reconnecting after
    // the last outage makes that reconnect fail ("already connecting") outside any promise the test holds.
    if (t) {
      const queues = Object.values(QUEUES).map((name) => t.app.get<Queue>(getQueueToken(name), { strict: false }));
      // Bull's subscriber and blocking clients are not in its typings.
      type Clients = { client?: { status: string }; eclient?: { status: string }; bclient?: { status: string } };
      const clients = (q: Queue): Array<{ status: string } | undefined> => {
        const c = q as unknown as Clients;
        return [c.client, c.eclient, c.bclient];
      };
      await waitFor(
        async () => (queues.every((q) => clients(q).every((c) => !c || c.status === 'ready')) ? true : undefined),
        20_000,
        100,
      ).catch(() => undefined);
    }
    await t?.close();
    await redis?.stop();
  }, 90_000);

  it.each([
    ['down', () => redis.down(), () => redis.up()],
    ['frozen', () => Promise.resolve(redis.freeze()), () => Promise.resolve(redis.thaw())],
  ])(
    'Redis %s: ping, the fill page and a submit answer; the PDF is rendered once Redis is back',
    async (kind, outage, restore) => {
      const link = await createLink(t, org.apiKey, { template_id: templateId });
      const warn = jest.spyOn(Logger.prototype, 'warn');
      const log = jest.spyOn(Logger.prototype, 'log');
      const error = jest.spyOn(Logger.prototype, 'error');
      let submissionId: string;
      await outage();
      try {
        const took: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = Date.now();
          await api(t, org.apiKey).get('/api/v1/ping').timeout(ANSWER_WITHIN_MS).expect(200);
          took.push(Date.now() - started);
        }
        process.stdout.write(`Redis ${kind}: ping answered in ${took.join(', ')} ms\n`); // a figure, not asserted
        await api(t).get(`/f/${link.short_code}`).timeout(ANSWER_WITHIN_MS).expect(200);
        const submitStarted = Date.now();
        const res = await api(t)
          .post(`/f/${link.short_code}/submit`)
          .send(answersFor(fields))
          .timeout(ANSWER_WITHIN_MS);
        expect(res.status).toBeLessThan(300);
        process.stdout.write(`Redis ${kind}: submit answered ${res.status} in ${Date.now() - submitStarted} ms\n`);
        submissionId = (await api(t, org.apiKey).get('/api/v1/submissions?limit=1').timeout(ANSWER_WITHIN_MS)).body
          .submissions[0].submission_id;
        const stored = await api(t, org.apiKey).get(`/api/v1/submissions/${submissionId}`).expect(200);
        expect(stored.body.completed_pdf_status).toBe('pending');
        // Seven requests, one line: the outage is logged when it starts, not per request.
        expect(messagesOf(warn, /Redis is failing/)).toHaveLength(1);
        expect(repeatedLines(warn, error)).toEqual([]);
      } finally {
        await restore();
      }
      // The sweeper's next pass (called here rather than waited for) queues what Redis missed.
      await t.app.get(SubmissionsSweeper).sweep(0);
      await waitForPdfReady(t, org.apiKey, submissionId!, 60_000);
      // Shared counters again, said once.
      await api(t, org.apiKey).get('/api/v1/ping').expect(200);
      await new Promise((r) => setTimeout(r, 1_100)); // Redis is retried at most once a second while failing
      await api(t, org.apiKey).get('/api/v1/ping').expect(200);
      expect(messagesOf(log, /rate limits are shared again/)).toHaveLength(1);
      warn.mockRestore();
      log.mockRestore();
      error.mockRestore();
    },
    120_000,
  );

  it('GET /health names Redis as what is missing while it is down', async () => {
    await redis.down();
    try {
      const res = await api(t).get('/health').timeout(ANSWER_WITHIN_MS).expect(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.body).toMatchObject({ code: 'UNAVAILABLE', status: 'error' });
      expect(res.body.unavailable).toContain('redis');
      expect(res.body.unavailable).not.toContain('postgres');
    } finally {
      await redis.up();
    }
  }, 30_000);
});
