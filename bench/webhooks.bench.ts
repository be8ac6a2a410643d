/**
 * npm run bench:webhooks: the service (API and worker in one process) delivers outbox events to a receiver on
 * 127.0.0.1. Per receiver (healthy; failing the first attempt of every delivery, backoff base 200 ms):
 * - paced: events committed at 50 per second; latency from each event's commit to its 2xx arrival (median, p95);
 * - burst: events committed as fast as 4 connections can; deliveries per second sustained.
 * At the end it counts: every delivery arrived, none acknowledged twice, none lost.
 * Uses its own database (edform_bench_webhooks, recreated) and Redis db 2.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createOrgWithKey, percentile } from './lib/admin-client';
import { spawnApp } from './lib/spawn-app';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'edform_bench_webhooks';
const DATABASE_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${DB_NAME}`);
const PACED = Number(process.env.BENCH_PACED ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 2000);
/** Connections committing the burst in parallel, as several API replicas would. */
const WRITERS = 4;

interface Receiver {
  url: string;
  /** delivery id -> arrival times of its 2xx answers; event import_id -> first 2xx arrival. */
  acks: Map<string, number[]>;
  arrivals: Map<string, number>;
  requests: number;
  server: Server;
}

async function startReceiver(failFirst: boolean): Promise<Receiver> {
  const seen = new Set<string>();
  const receiver = { acks: new Map(), arrivals: new Map(), requests: 0 } as Omit<Receiver, 'url' | 'server'>;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      receiver.requests++;
      const id = String(req.headers['x-service-delivery-id']);
      if (failFirst && !seen.has(id)) {
        seen.add(id);
        res.writeHead(503).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { import_id: string } };
      receiver.acks.set(id, [...(receiver.acks.get(id) ?? []), at]);
      if (!receiver.arrivals.has(body.data.import_id)) receiver.arrivals.set(body.data.import_id, at);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` });
}

async function recreateDatabase(): Promise<void> {
  const admin = new Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DB_NAME}"`);
  await admin.end();
}

/** Commits one import.completed event (as the imports module does) and returns the commit time. */
async function commitEvent(db: Client, orgId: string, importId: string): Promise<number> {
  const id = `evt_${randomBytes(16).toString('hex')}`;
  const data = { import_id: importId, template_id: 'tpl_bench', page_count: 1, field_count: 3, review_required: false };
  await db.query(`INSERT INTO events (id, org_id, type, data) VALUES ($1, $2, 'import.completed', $3)`, [
    id,
    orgId,
    JSON.stringify(data),
  ]);
  return Date.now();
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for deliveries');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function scenario(
  label: string,
  baseUrl: string,
  db: Client,
  writers: Client[],
  failFirst: boolean,
): Promise<string[]> {
  const receiver = await startReceiver(failFirst);
  const { orgId, apiKey } = await createOrgWithKey(baseUrl, ADMIN_TOKEN, ['webhooks:manage']);
  const created = await fetch(`${baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['import.completed'] }),
  });
  const { webhook_id: webhookId } = (await created.json()) as { webhook_id: string };

  // Paced: latency from commit to arrival.
  const committed = new Map<string, number>();
  for (let i = 0; i < PACED; i++) {
    const importId = `imp_paced_${i}`;
    committed.set(importId, await commitEvent(db, orgId, importId));
    await new Promise((r) => setTimeout(r, 20));
  }
  await waitUntil(() => receiver.arrivals.size >= PACED, 60_000);
  const latency = [...committed].map(([importId, at]) => receiver.arrivals.get(importId)! - at);

  // Burst: deliveries per second sustained.
  const burstStart = Date.now();
  let next = 0;
  await Promise.all(
    writers.map(async (writer) => {
      for (let i = next++; i < BURST; i = next++) await commitEvent(writer, orgId, `imp_burst_${i}`);
    }),
  );
  const committedAllAt = Date.now();
  await waitUntil(() => receiver.arrivals.size >= PACED + BURST, 120_000);
  const lastArrival = Math.max(...[...receiver.arrivals.values()].slice(PACED));
  const perSecond = (BURST / (lastArrival - burstStart)) * 1000;

  // The count: PostgreSQL's record against what the receiver saw.
  await new Promise((r) => setTimeout(r, 500)); // let any stray duplicate arrive before counting
  const rows = (
    await db.query<{ id: string; status: string }>(`SELECT id, status FROM webhook_deliveries WHERE webhook_id = $1`, [
      webhookId,
    ])
  ).rows;
  const events = PACED + BURST;
  const twice = [...receiver.acks.values()].filter((times) => times.length > 1).length;
  const lost = rows.filter((r) => !receiver.acks.has(r.id)).length + Math.max(0, events - rows.length);
  const notDelivered = rows.filter((r) => r.status !== 'delivered').length;
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  return [
    `${label}:`,
    `  commit -> arrival (${PACED} events at 50/s): median ${ms(percentile(latency, 50))}, p95 ${ms(percentile(latency, 95))}, max ${ms(Math.max(...latency))}`,
    `  burst of ${BURST} events: committed in ${ms(committedAllAt - burstStart)}, all delivered after ${ms(lastArrival - burstStart)}: ${perSecond.toFixed(0)} deliveries/s sustained`,
    `  count: ${events} events, ${rows.length} deliveries, ${receiver.acks.size} acknowledged, ${twice} acknowledged twice, ${lost} lost, ${notDelivered} not delivered; ${receiver.requests} requests in all`,
  ];
}

async function main(): Promise<void> {
  await recreateDatabase();
  const app = await spawnApp(
    {
      ADMIN_TOKEN,
      APP_ROLE: 'all',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL,
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      ALLOW_INSECURE_OUTBOUND: 'true',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_RETRY_MAX_MS: '2000',
      WEBHOOK_MAX_ATTEMPTS: '5',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    3105,
  );
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const writers = Array.from({ length: WRITERS }, () => new Client({ connectionString: DATABASE_URL }));
  await Promise.all(writers.map((w) => w.connect()));
  try {
    const lines = [
      `bench:webhooks: service via ts-node (APP_ROLE=all, WORKER_CONCURRENCY default), receiver on 127.0.0.1`,
      ...(await scenario('healthy receiver', app.baseUrl, db, writers, false)),
      ...(await scenario(
        'receiver failing every first attempt (503, retry base 200 ms)',
        app.baseUrl,
        db,
        writers,
        true,
      )),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.all([db, ...writers].map((c) => c.end()));
    await app.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
