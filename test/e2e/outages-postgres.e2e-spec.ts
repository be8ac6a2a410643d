import { Logger } from '@nestjs/common';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { PostgresProxy } from 'test/utils/private-postgres';
import { waitFor } from 'test/utils/wait-for';

// Connect 1 s, statement 1 s (+1 s on the client): a request may take this long at most; a hung one fails here.
const ANSWER_WITHIN_MS = 8_000;

function messagesOf(spy: jest.SpyInstance, pattern: RegExp): string[] {
  return spy.mock.calls.map(([message]) => String(message)).filter((m) => pattern.test(m));
}

/** decisions.md's error body, with Retry-After: the client is told to come back, not that it failed. */
function expectUnavailable(res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }) {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ code: 'UNAVAILABLE', retry_after: expect.any(Number) });
  expect(typeof res.body.error).toBe('string');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('PostgreSQL down or frozen: 503 UNAVAILABLE with Retry-After, logged once (a proxy of the test, not the server)', () => {
  let proxy: PostgresProxy;
  let t: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    proxy = await PostgresProxy.start(process.env.DATABASE_URL!);
    t = await createTestApp({
      DATABASE_URL: proxy.url,
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '1000',
    });
    org = await createOrg(t.app);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  it.each([
    ['down', () => proxy.down()],
    ['frozen', () => Promise.resolve(proxy.freeze())],
  ])(
    'PostgreSQL %s: partner, patient and health routes answer 503 in bounded time; back to 200 when it returns',
    async (kind, outage) => {
      await api(t, org.apiKey).get('/api/v1/ping').expect(200);
      const error = jest.spyOn(Logger.prototype, 'error');
      const log = jest.spyOn(Logger.prototype, 'log');
      await outage();
      try {
        const took: number[] = [];
        // A key checked moments ago is served from the API key cache without PostgreSQL; listing submissions needs it.
        for (let i = 0; i < 4; i++) {
          const started = Date.now();
          expectUnavailable(await api(t, org.apiKey).get('/api/v1/submissions').timeout(ANSWER_WITHIN_MS));
          took.push(Date.now() - started);
        }
        process.stdout.write(`PostgreSQL ${kind}: 503 in ${took.join(', ')} ms\n`); // a figure, not asserted
        expectUnavailable(await api(t, org.apiKey).get('/api/v1/submissions').timeout(ANSWER_WITHIN_MS));
        expectUnavailable(
          await api(t).post('/f/abcdefghjk/submit').send({ answers: {}, signatures: {} }).timeout(ANSWER_WITHIN_MS),
        );
        // the patient's page: a plain-words page, 503 with Retry-After, not a 500
        const page = await api(t).get('/f/abcdefghjk').timeout(ANSWER_WITHIN_MS);
        expect(page.status).toBe(503);
        expect(page.headers['retry-after']).toMatch(/^\d+$/);
        expect(page.text).toContain('briefly unavailable');
        const health = await api(t).get('/health').timeout(ANSWER_WITHIN_MS).expect(503);
        expect(health.body.unavailable).toContain('postgres');
        // One line for the outage, no stack trace per request.
        expect(messagesOf(error, /PostgreSQL is unavailable/)).toHaveLength(1);
        expect(messagesOf(error, /unhandled error/)).toEqual([]);
      } finally {
        await proxy.up();
      }
      await waitFor(
        async () => ((await api(t, org.apiKey).get('/api/v1/ping')).status === 200 ? true : undefined),
        20_000,
        200,
      );
      await api(t).get('/health').expect(200);
      await waitFor(async () => (messagesOf(log, /PostgreSQL answers again/).length ? true : undefined), 10_000);
      expect(messagesOf(log, /PostgreSQL answers again/)).toHaveLength(1);
      error.mockRestore();
      log.mockRestore();
    },
    90_000,
  );
});
