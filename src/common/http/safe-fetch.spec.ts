import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  destroyOutboundAgents,
  OutboundError,
  OutboundErrorCode,
  safeFetch,
  SAFE_FETCH_TEST_HOOKS,
  SafeFetchOptions,
} from './safe-fetch';

jest.setTimeout(20_000);

interface TestServer {
  server: http.Server;
  base: string;
  port: number;
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;
  connections: number;
}

function startServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void,
): Promise<TestServer> {
  return new Promise((resolve) => {
    const state = { requests: [], connections: 0 } as unknown as TestServer;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        handler(req, res, body);
      });
    });
    server.on('connection', () => state.connections++);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      Object.assign(state, { server, port, base: `http://127.0.0.1:${port}` });
      resolve(state);
    });
  });
}

function stopServer(s: TestServer | undefined): Promise<void> {
  if (!s) return Promise.resolve();
  s.server.closeAllConnections();
  return new Promise((resolve) => s.server.close(() => resolve()));
}

async function outboundFailure(promise: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).code).toBe(code);
    return error as OutboundError;
  }
  throw new Error(`expected OutboundError ${code}`);
}

let main: TestServer;
let other: TestServer;

beforeAll(async () => {
  main = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/ok') {
      res.setHeader('content-type', 'text/plain');
      res.end('hello');
    } else if (path.startsWith('/redirect/')) {
      const n = Number(path.split('/')[2]);
      if (n === 0) res.end('done');
      else res.writeHead(302, { location: `/redirect/${n - 1}` }).end();
    } else if (path === '/to') {
      res
        .writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('loc') ?? '/' })
        .end();
    } else if (path.startsWith('/bytes/')) {
      const n = Number(path.split('/')[2]);
      const data = Buffer.alloc(n, 0x61);
      if (url.searchParams.get('mode') === 'length') {
        res.setHeader('content-length', String(n));
        res.end(data);
      } else {
        // chunked, no length: the limit must be enforced while streaming
        for (let i = 0; i < n; i += 100) res.write(data.subarray(i, Math.min(n, i + 100)));
        res.end();
      }
    } else if (path === '/endless') {
      const chunk = Buffer.alloc(64 * 1024, 0x62);
      const pump = (): void => {
        while (res.write(chunk)) {
          /* fill the socket buffer */
        }
      };
      res.on('drain', pump);
      pump();
    } else if (path === '/hang') {
      /* never answers */
    } else if (path === '/slow-body') {
      res.writeHead(200);
      res.write('partial');
    } else if (path === '/echo') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
    } else if (path === '/status/500') {
      res.writeHead(500).end('boom');
    } else {
      res.writeHead(404).end();
    }
  });
  other = await startServer((req, res, body) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
  });
});

afterEach(() => {
  main.requests.length = 0;
  other.requests.length = 0;
});

afterAll(async () => {
  destroyOutboundAgents();
  await stopServer(main);
  await stopServer(other);
});

const insecure: SafeFetchOptions = { allowInsecure: true };
/** Test hook: skip the syntactic check, keep the filtering agent. */
const agentOnly = { allowInsecure: false, [SAFE_FETCH_TEST_HOOKS]: { skipUrlCheck: true } } as SafeFetchOptions;
/** Test hook: first request unchecked (local server), redirects checked as in production. */
const trustFirst = { allowInsecure: false, [SAFE_FETCH_TEST_HOOKS]: { trustFirstHop: true } } as SafeFetchOptions;

describe('safeFetch with allowInsecure', () => {
  it('fetches a body from 127.0.0.1', async () => {
    const res = await safeFetch(`${main.base}/ok`, insecure);
    expect(res).toMatchObject({ status: 200, url: `${main.base}/ok` });
    expect(res.body.toString()).toBe('hello');
    expect(res.headers['content-type']).toBe('text/plain');
  });

  it('reuses keep-alive connections across calls', async () => {
    const before = main.connections;
    for (let i = 0; i < 5; i++) await safeFetch(`${main.base}/ok`, insecure);
    expect(main.connections - before).toBeLessThanOrEqual(1);
  });

  it('sends a body and headers (webhook style)', async () => {
    const res = await safeFetch(`${main.base}/echo`, {
      ...insecure,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      body: '{"a":1}',
    });
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer t' });
  });
});

describe('safeFetch refuses private destinations (allowInsecure false)', () => {
  it.each([
    ['http://127.0.0.1 (http and loopback)', () => `${main.base}/ok`, 'url must use https://'],
    ['https://127.0.0.1', () => `https://127.0.0.1:${main.port}/ok`, 'url points to a private or loopback address'],
    ['https://localhost', () => `https://localhost:${main.port}/ok`, 'url points to a local or internal host name'],
    ['https://[::1]', () => `https://[::1]:${main.port}/ok`, 'url points to a private or loopback address'],
    ['http://2130706433', () => `http://2130706433:${main.port}/ok`, 'url must use https://'],
    ['https://2130706433', () => `https://2130706433:${main.port}/ok`, 'url points to a private or loopback address'],
    ['https://0x7f.1', () => `https://0x7f.1:${main.port}/ok`, 'url points to a private or loopback address'],
  ])('refuses %s before connecting', async (_name, url, reason) => {
    const error = await outboundFailure(safeFetch(url()), 'URL_REFUSED');
    expect(error.message).toBe(reason);
    expect(main.requests).toHaveLength(0);
  });

  it('refuses at connect time a name that resolves to 127.0.0.1 (filtering agent, /etc/hosts localhost)', async () => {
    const error = await outboundFailure(safeFetch(`http://localhost:${main.port}/ok`, agentOnly), 'ADDRESS_REFUSED');
    expect(error.message).toBe('Connection to localhost refused: it resolves to a private or loopback address');
    expect(main.requests).toHaveLength(0);
  });

  it.each(['127.0.0.1', '[::ffff:127.0.0.1]'])('refuses the IP literal %s at the agent too', async (host) => {
    await outboundFailure(safeFetch(`http://${host}:${main.port}/ok`, agentOnly), 'ADDRESS_REFUSED');
    expect(main.requests).toHaveLength(0);
  });

  it.each([
    [
      'a private https address',
      (port: number) => `https://127.0.0.1:${port}/ok`,
      'redirect location points to a private or loopback address',
    ],
    ['http://', (port: number) => `http://127.0.0.1:${port}/ok`, 'redirect location must use https://'],
    ['localhost', () => 'https://localhost/admin', 'redirect location points to a local or internal host name'],
    [
      'the metadata service',
      () => 'https://169.254.169.254/latest/meta-data/',
      'redirect location points to a private or loopback address',
    ],
  ])('refuses a redirect to %s', async (_name, loc, reason) => {
    const start = `${main.base}/to?loc=${encodeURIComponent(loc(main.port))}`;
    const error = await outboundFailure(safeFetch(start, trustFirst), 'URL_REFUSED');
    expect(error.message).toBe(reason);
    expect(main.requests.map((r) => r.url.split('?')[0])).toEqual(['/to']);
  });
});

describe('safeFetch redirects', () => {
  it('follows 3 redirects', async () => {
    const res = await safeFetch(`${main.base}/redirect/3`, insecure);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('done');
    expect(res.url).toBe(`${main.base}/redirect/0`);
  });

  it('refuses a 4th redirect', async () => {
    const error = await outboundFailure(safeFetch(`${main.base}/redirect/4`, insecure), 'TOO_MANY_REDIRECTS');
    expect(error.message).toBe('More than 3 redirects, starting at 127.0.0.1');
    expect(main.requests).toHaveLength(4);
  });

  it('honours maxRedirects', async () => {
    await outboundFailure(safeFetch(`${main.base}/redirect/2`, { ...insecure, maxRedirects: 1 }), 'TOO_MANY_REDIRECTS');
    await expect(safeFetch(`${main.base}/redirect/0`, { ...insecure, maxRedirects: 0 })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('returns the 3xx as is with followRedirects false (webhooks)', async () => {
    const res = await safeFetch(`${main.base}/redirect/2`, { ...insecure, followRedirects: false });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/redirect/1');
    expect(main.requests).toHaveLength(1);
  });

  it('turns POST into GET on 303 and drops credentials on a cross-origin hop', async () => {
    const loc = `${other.base}/landing`;
    const res = await safeFetch(`${main.base}/to?status=303&loc=${encodeURIComponent(loc)}`, {
      ...insecure,
      method: 'POST',
      headers: { authorization: 'Bearer secret', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'GET', body: '', auth: null });
  });

  it('keeps method and body on 307', async () => {
    const res = await safeFetch(`${main.base}/to?status=307&loc=${encodeURIComponent('/echo')}`, {
      ...insecure,
      method: 'POST',
      headers: { authorization: 'Bearer same-origin' },
      body: 'payload',
    });
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'POST', body: 'payload', auth: 'Bearer same-origin' });
  });
});

describe('safeFetch limits', () => {
  it.each(['length', 'chunked'])('accepts exactly maxBytes and refuses one more (%s)', async (mode) => {
    const ok = await safeFetch(`${main.base}/bytes/1000?mode=${mode}`, { ...insecure, maxBytes: 1000 });
    expect(ok.body.length).toBe(1000);
    const error = await outboundFailure(
      safeFetch(`${main.base}/bytes/1001?mode=${mode}`, { ...insecure, maxBytes: 1000 }),
      'TOO_LARGE',
    );
    expect(error.message).toBe('The response from 127.0.0.1 is larger than 1000 bytes');
  });

  it('stops reading an endless body as soon as it passes maxBytes', async () => {
    const started = Date.now();
    await outboundFailure(safeFetch(`${main.base}/endless`, { ...insecure, maxBytes: 1024 * 1024 }), 'TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(3_000);
    // and the agent is still usable
    await expect(safeFetch(`${main.base}/ok`, insecure)).resolves.toMatchObject({ status: 200 });
  });

  it('enforces the total deadline on a server that never answers', async () => {
    const started = Date.now();
    const error = await outboundFailure(
      safeFetch(`${main.base}/hang?token=SECRET`, { ...insecure, timeoutMs: 500 }),
      'TIMEOUT',
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(2_000);
    expect(error.message).toBe('No complete response from 127.0.0.1 within 500 ms');
    expect(error.message).not.toContain('SECRET');
  });

  it('enforces the total deadline on a body that stalls', async () => {
    await outboundFailure(safeFetch(`${main.base}/slow-body`, { ...insecure, timeoutMs: 500 }), 'TIMEOUT');
  });

  it('maps a refused connection to NETWORK', async () => {
    const closed = await startServer(() => undefined);
    const { port } = closed;
    await stopServer(closed);
    const error = await outboundFailure(safeFetch(`http://127.0.0.1:${port}/x`, insecure), 'NETWORK');
    expect(error.message).toBe('Could not reach 127.0.0.1 (ECONNREFUSED)');
  });

  it('maps an unknown host to NETWORK', async () => {
    await outboundFailure(safeFetch('http://does-not-exist.invalid/x', insecure), 'NETWORK');
  });

  it('raises HTTP_STATUS only when asked', async () => {
    await expect(safeFetch(`${main.base}/status/500`, insecure)).resolves.toMatchObject({ status: 500 });
    const error = await outboundFailure(
      safeFetch(`${main.base}/status/500`, { ...insecure, failOnHttpError: true }),
      'HTTP_STATUS',
    );
    expect(error.status).toBe(500);
  });
});
