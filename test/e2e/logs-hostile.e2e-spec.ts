/**
 * What a running service writes to its logs (issue 18, points 8 and 14): credentials in paths are redacted, and a
 * PostgreSQL stop is told once per state change, without a stack trace per failed request. The process is this
 * spec's own (its real JSON log stream), and so is its PostgreSQL path (a proxy the spec stops).
 */
import { request } from 'node:http';
import { PostgresProxy } from 'test/utils/private-postgres';
import { spawnApp, waitForLog, type SpawnedApp } from 'test/utils/spawn-app';
import { freePort } from 'test/utils/private-redis';

jest.setTimeout(180_000);

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

describe('logs of a running service', () => {
  let app: SpawnedApp;
  let proxy: PostgresProxy;
  let port: number;
  const token = `edt_${'Ab3'.repeat(14)}x`;
  const shortCode = 'Zq7xP2mK';

  beforeAll(async () => {
    proxy = await PostgresProxy.start(process.env.DATABASE_URL!);
    port = await freePort();
    app = spawnApp({
      PORT: String(port),
      APP_ROLE: 'api',
      DATABASE_URL: proxy.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-logs`,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await waitForLog(app, /listening on/);
  });
  afterAll(async () => {
    app?.signal('SIGKILL');
    await app?.exited;
    await proxy?.up().catch(() => undefined);
    await proxy?.stop();
  });

  it('never writes an editor token or a fill link short code', async () => {
    for (const path of [`/editor/${token}`, `/editor/${token}/fields`, `/f/${shortCode}`, `/f/${shortCode}/form`])
      await get(port, path);
    await new Promise((r) => setTimeout(r, 500));
    expect(app.output()).not.toContain(token);
    expect(app.output()).not.toContain(shortCode);
    expect(app.output()).toContain('/editor/[redacted]');
    expect(app.output()).toContain('/f/[redacted]');
  });

  it('a PostgreSQL stop: no stack trace per 503, one warning per state change', async () => {
    const before = app.output().length;
    await proxy.down();
    const statuses: number[] = [];
    // Listing organizations needs PostgreSQL: every request is a 503 while it is down.
    const auth = { Authorization: `Bearer ${process.env.ADMIN_TOKEN}` };
    for (let i = 0; i < 20; i++) statuses.push(await get(port, '/admin/v1/orgs', auth));
    await proxy.up();
    await new Promise((r) => setTimeout(r, 1_000));
    const lines = app
      .output()
      .slice(before)
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(10);
    expect(lines.filter((l) => l.includes('"stack"'))).toEqual([]);
    expect(app.output()).not.toContain(String(process.env.ADMIN_TOKEN)); // no header is ever written to a line
    // The outage itself is one line (its state change), whatever the number of requests that met it.
    const outage = lines.filter((l) => /PostgreSQL is/.test(l));
    expect(outage.length).toBe(1);
    expect(lines.filter((l) => /"level":50/.test(l) && !/PostgreSQL is/.test(l))).toEqual([]);
  });
});
