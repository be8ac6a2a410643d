import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { SCOPES } from 'src/common/auth/scopes';
import { fixture } from 'test/utils/imports';
import { freePort } from 'test/utils/private-redis';
import { spawnApp, waitForLog, type SpawnedApp } from 'test/utils/spawn-app';
import { waitFor } from 'test/utils/wait-for';

type Outcome = { status: number } | { error: string };

function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  agent?: Agent,
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

async function json(
  port: number,
  method: string,
  path: string,
  token: string,
  body: object,
): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
}

describe('SIGTERM under load: readiness 503 first, every request answered, then queues, Redis and PostgreSQL close', () => {
  let app: SpawnedApp;

  afterAll(() => app?.signal('SIGKILL'));

  it('no 5xx while draining, connection errors only after readiness said 503; an upload in flight when the listener closes still gets its 202', async () => {
    const port = await freePort();
    app = spawnApp({
      PORT: String(port),
      APP_ROLE: 'api',
      SHUTDOWN_DRAIN_MS: '1500',
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-shutdown`,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await waitForLog(app, /listening on/);
    const admin = process.env.ADMIN_TOKEN!;
    const org = await json(port, 'POST', '/admin/v1/orgs', admin, { name: 'Shutdown', partner_api_enabled: true });
    const key = await json(port, 'POST', `/admin/v1/orgs/${org.org_id}/api-keys`, admin, {
      name: 'load',
      scopes: [...SCOPES],
    });
    const auth = { Authorization: `Bearer ${key.api_key}` };

    // Load: 8 keep-alive clients pinging until the port refuses them; a readiness poller beside them.
    const events: { at: number; what: string }[] = [];
    let seq = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const pings: Outcome[] = [];
    let signalledAt = Infinity;
    const client = async () => {
      for (;;) {
        const outcome = await call(port, 'GET', '/api/v1/ping', auth, agent);
        pings.push(outcome);
        if ('error' in outcome) {
          events.push({ at: ++seq, what: `ping ${outcome.error}` });
          if (outcome.error === 'ECONNREFUSED') return;
        } else if (seq >= signalledAt) events.push({ at: ++seq, what: `ping ${outcome.status}` });
      }
    };
    const readiness = async () => {
      for (;;) {
        const outcome = await call(port, 'GET', '/health/ready', {});
        events.push({ at: ++seq, what: `ready ${'error' in outcome ? outcome.error : outcome.status}` });
        if ('error' in outcome) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all([...Array.from({ length: 8 }, client), readiness()]);
    await waitFor(async () => (pings.length >= 100 ? true : undefined), 30_000, 50);

    // An import upload whose body is only half sent when SIGTERM arrives.
    const body = JSON.stringify({
      pdf_base64: fixture('word-table-1032.flat.pdf').toString('base64'),
      filename: 'in-flight.pdf',
      blank_form_attestation: true,
    });
    const uploadReq = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/imports',
      headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
    });
    const upload = new Promise<Outcome>((resolve) => {
      uploadReq.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode! }));
      });
      uploadReq.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    uploadReq.write(body.slice(0, 1000));
    await new Promise((r) => setTimeout(r, 200));

    signalledAt = ++seq;
    events.push({ at: signalledAt, what: 'SIGTERM' });
    const signalledTime = Date.now();
    app.signal('SIGTERM');
    await load; // every client has been refused: the listener is closed
    uploadReq.end(body.slice(1000));
    expect(await upload).toEqual({ status: 202 });
    expect(await app.exited).toBe(0);
    const exitedAfterMs = Date.now() - signalledTime;
    agent.destroy();

    const after = events.filter((e) => e.at > signalledAt).map((e) => e.what);
    const firstNotReady = after.indexOf('ready 503');
    const firstRefused = after.findIndex((w) => w.endsWith('ECONNREFUSED'));
    expect(firstNotReady).toBeGreaterThanOrEqual(0);
    expect(firstNotReady).toBeLessThan(firstRefused); // readiness said so before the port closed
    expect(after.slice(firstNotReady).filter((w) => w === 'ready 200')).toEqual([]);
    expect(after.filter((w) => w === 'ping 200').length).toBeGreaterThan(0); // served while draining
    expect(pings.filter((o) => 'status' in o && o.status !== 200)).toEqual([]);
    // Connection errors only once readiness said 503 (a balancer has stopped sending by then): refused, or reset for
    // a connection the kernel accepted in the instant the listener closed. Never a request cut off mid-way (the
    // upload above) and never an HTTP error.
    const errors = after.map((w, i) => [w, i] as const).filter(([w]) => /^ping E/.test(w));
    expect(errors.filter(([, i]) => i < firstNotReady)).toEqual([]);
    expect(errors.filter(([w]) => !/ECONNREFUSED|ECONNRESET/.test(w))).toEqual([]);
    expect(pings.filter((o) => 'error' in o).length).toBeLessThan(pings.length / 10);
    expect(app.output()).not.toMatch(/Connection is closed/);
    // Figures, not assertions.
    const errorKinds = errors.map(([w]) => w.slice(5)).join(', ') || 'none';
    process.stdout.write(
      `SIGTERM: ${after.filter((w) => w === 'ping 200').length} pings answered 200 after the signal, ` +
        `${pings.length} in all, no 5xx; connection errors after readiness 503: ${errorKinds}; ` +
        `exit 0 after ${exitedAfterMs} ms (drain 1500 ms)\n`,
    );
    const order = ['draining', 'stopped cleanly'].map((m) => app.output().indexOf(m));
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[1]).toBeGreaterThan(order[0]);
  }, 180_000);
});
