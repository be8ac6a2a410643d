import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { accessLog } from './access-log';

interface Line {
  level: number;
  msg: string;
  req: { id: string; method: string; path: string };
  res: { statusCode: number };
  responseTime: number;
}

describe('access log', () => {
  let server: Server;
  let lines: Line[];
  let port: number;

  beforeEach(async () => {
    lines = [];
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => lines.push(JSON.parse(l) as Line)),
    );
    const log = accessLog(pino({ level: 'info' }, out));
    server = createServer((req, res) =>
      log(req, res, () => {
        if (req.url?.startsWith('/hang')) return; // the client gives up
        res.statusCode = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, headers: Record<string, string> = {}, abortAfterMs?: number) {
    return new Promise<{ status: number; requestId: string }>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']) }));
      });
      req.on('error', () => resolve({ status: 0, requestId: '' }));
      if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
      req.end();
    });
  }
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('writes one line per request: id, method, path without query, status, time', async () => {
    const answer = await get('/api/v1/ping?secret=abc', { 'X-Request-Id': 'partner-1' });
    await settle();
    expect(answer.requestId).toBe('partner-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'partner-1', method: 'GET', path: '/api/v1/ping' },
      res: { statusCode: 200 },
    });
    expect(lines[0].responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('redacts credentials in paths and mints an id for an unsafe one', async () => {
    const answer = await get('/f/Zq7xP2mK/form', { 'X-Request-Id': 'bad id' });
    await settle();
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0].req).toEqual({ id: answer.requestId, method: 'GET', path: '/f/[redacted]/form' });
  });

  it('logs a 500 at error level, a 503 (an outage, told elsewhere) at info, and an abandoned request', async () => {
    await get('/x?status=500');
    await get('/x?status=503');
    await get('/hang', {}, 30);
    await settle();
    expect(lines.map((l) => [l.level, l.msg, l.res.statusCode])).toEqual([
      [50, 'request errored', 500],
      [30, 'request completed', 503],
      [30, 'request aborted', 200],
    ]);
  });
});
