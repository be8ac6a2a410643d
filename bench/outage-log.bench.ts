/**
 * What an operator reads during a Redis outage: the real service (src/main.ts, APP_ROLE=all, JSON logs) on a Redis
 * of its own, pinged, imported into and health-checked every 200 ms through a 30 s outage. Prints every log line
 * that is not a request's access line, during the outage and 8 s after it, and how many there were: the docs
 * promise one line per state change and component, and no stack traces.
 *
 *   npm run bench:outage-log            (OUTAGE_S overrides the 30 s)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrivateRedis, freePort } from '../test/utils/private-redis';
import { createOrgWithKey } from './lib/admin-client';

const ROOT = path.join(__dirname, '..');
const ADMIN_TOKEN = 'outage-log-bench-admin-token';
const OUTAGE_MS = Number(process.env.OUTAGE_S ?? 30) * 1000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function startService(port: number, redisUrl: string): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        REDIS_URL: redisUrl,
        ADMIN_TOKEN,
        LOG_FORMAT: 'json',
        QUEUE_PREFIX: `outage-log-${port}`,
        DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/edform_test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let partial = '';
  const take = (chunk: Buffer): void => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return { lines, stop: () => child.kill('SIGTERM') };
}

const isAccessLine = (line: string): boolean => /"msg":"request (completed|errored)"/.test(line);
const brief = (line: string): string => {
  try {
    const j = JSON.parse(line) as { level: number; context?: string; msg: string; stack?: string };
    return `${j.level} ${j.context ?? '-'}: ${j.msg.slice(0, 180)}${j.stack ? ' [STACK TRACE]' : ''}`;
  } catch {
    return `(not JSON) ${line.slice(0, 180)}`;
  }
};

async function main(): Promise<void> {
  const redis = await PrivateRedis.start();
  const port = await freePort();
  const service = startService(port, redis.url());
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/health/live`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(250);
  }
  const { apiKey } = await createOrgWithKey(base, ADMIN_TOKEN, ['imports:write']);
  const pdf = readFileSync(path.join(ROOT, '..', 'shared', 'forms', 'intake-dev', 'word-table-1032', 'flat.pdf'));
  const auth = { Authorization: `Bearer ${apiKey}` };
  const importOnce = async (): Promise<number> =>
    (
      await fetch(`${base}/api/v1/imports`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ pdf_base64: pdf.toString('base64'), filename: 'f.pdf', blank_form_attestation: true }),
      })
    ).status;
  await importOnce();
  await sleep(5_000);
  const start = service.lines.length;
  await redis.down();
  const statuses = new Map<string, number>();
  const count = (s: string): void => void statuses.set(s, (statuses.get(s) ?? 0) + 1);
  for (const t0 = Date.now(); Date.now() - t0 < OUTAGE_MS; await sleep(200)) {
    count(`ping ${(await fetch(`${base}/api/v1/ping`, { headers: auth })).status}`);
    count(`import ${await importOnce()}`);
    count(`health ${(await fetch(`${base}/health`)).status}`);
  }
  const during = service.lines.slice(start);
  await redis.up();
  await fetch(`${base}/api/v1/ping`, { headers: auth });
  await sleep(8_000);
  await fetch(`${base}/api/v1/ping`, { headers: auth });
  const after = service.lines.slice(start + during.length);
  const report = (name: string, lines: string[]): void => {
    const own = lines.filter((l) => !isAccessLine(l));
    console.log(`${name}: ${own.length} log lines besides ${lines.length - own.length} access lines`);
    own.forEach((l) => console.log(`  ${brief(l)}`));
  };
  console.log(
    `requests during the ${OUTAGE_MS / 1000} s outage: ${[...statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
  );
  report('during the outage', during);
  report('8 s after Redis is back', after);
  service.stop();
  await redis.stop();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
