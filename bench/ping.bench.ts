/**
 * npm run bench:ping: autocannon against GET /api/v1/ping with a valid key (the real service: auth guard, API key
 * cache, rate limiter on Redis, JSON logging), a minimal NestJS app and a bare node:http server answering the same
 * JSON in their own processes. The three run in turn, BENCH_ROUNDS rounds (default 3) of BENCH_DURATION_S seconds
 * each (default 5), so a neighbour's load on a shared machine falls on all three alike; the ratios are per round and
 * their median. Then checks that a revoked key is refused at once.
 */
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { cpuMs } from './lib/proc-cpu';
import { spawnApp } from './lib/spawn-app';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ org_id: 'org_bench', key_name: 'bench', scopes: ['imports:write'] });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

/** One autocannon run; `pid` is the server's process, whose CPU time per answered request is measured. */
async function run(url: string, headers: Record<string, string>, pid: number | undefined) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    cpuUsPerRequest: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  execSync('npm run build', { stdio: 'ignore', cwd: join(__dirname, '..') });
  const app = await spawnApp(
    { ADMIN_TOKEN, APP_ROLE: 'api', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'info', NODE_ENV: 'development' },
    3101,
    true,
  );
  const bare = spawn(process.execPath, ['-e', BARE_SERVER, '3102'], { stdio: 'inherit' });
  const minimal = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'lib', 'minimal-nest-server.ts'), '3106'],
    { stdio: 'inherit', cwd: join(__dirname, '..') },
  );
  try {
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
    const org = (await (
      await fetch(`${app.baseUrl}/admin/v1/orgs`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: 'bench', partner_api_enabled: true }),
      })
    ).json()) as { org_id: string };
    const key = (await (
      await fetch(`${app.baseUrl}/admin/v1/orgs/${org.org_id}/api-keys`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: 'bench', scopes: ['imports:write'] }),
      })
    ).json()) as { key_id: string; api_key: string };
    const auth = { Authorization: `Bearer ${key.api_key}` };
    await run(`${app.baseUrl}/api/v1/ping`, auth, undefined); // warm-up, not reported
    await run('http://127.0.0.1:3106/ping', {}, undefined);
    const rounds: Record<'ping' | 'ceiling' | 'framework', Awaited<ReturnType<typeof run>>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({
        ping: await run(`${app.baseUrl}/api/v1/ping`, auth, app.child.pid),
        framework: await run('http://127.0.0.1:3106/ping', {}, minimal.pid),
        ceiling: await run('http://127.0.0.1:3102/', {}, bare.pid),
      });
    }

    await fetch(`${app.baseUrl}/admin/v1/api-keys/${key.key_id}`, { method: 'DELETE', headers: admin });
    const afterRevoke = await fetch(`${app.baseUrl}/api/v1/ping`, { headers: auth });

    const line = (name: string, r: Awaited<ReturnType<typeof run>>) =>
      `  ${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   CPU ${r.cpuUsPerRequest
        .toFixed(0)
        .padStart(4)} µs/request   non-2xx ${r.non2xx}   errors ${r.errors}`;
    const percent = (a: number, b: number) => (a / b) * 100;
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const lines = [`autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each`];
    rounds.forEach((r, i) => {
      lines.push(
        `round ${i + 1}`,
        line('GET /api/v1/ping (service)', r.ping),
        line('minimal NestJS app', r.framework),
        line('bare node:http (ceiling)', r.ceiling),
        `  service / minimal NestJS ${percent(r.ping.rps, r.framework.rps).toFixed(1)} %; service / ceiling ${percent(
          r.ping.rps,
          r.ceiling.rps,
        ).toFixed(1)} %; minimal NestJS / ceiling ${percent(r.framework.rps, r.ceiling.rps).toFixed(1)} %`,
      );
    });
    lines.push(
      `median of ${ROUNDS} rounds: service / minimal NestJS ${median(
        rounds.map((r) => percent(r.ping.rps, r.framework.rps)),
      ).toFixed(1)} %; service / ceiling ${median(rounds.map((r) => percent(r.ping.rps, r.ceiling.rps))).toFixed(1)} %`,
      `CPU per request (the rate ratio of an idle CPU-bound machine, whatever the neighbours' load): minimal NestJS / service ${median(
        rounds.map((r) => percent(r.framework.cpuUsPerRequest, r.ping.cpuUsPerRequest)),
      ).toFixed(1)} % (median of rounds)`,
      `revoked key right after DELETE: HTTP ${afterRevoke.status} (expected 401)`,
    );
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    bare.kill();
    minimal.kill();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
