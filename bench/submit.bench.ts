/**
 * npm run bench:submit: submissions per second through POST /f/{code}/submit (autocannon) against the compiled
 * service, then the time from submit to completed_pdf_status ready (median, p95, max) for the submissions made
 * under that load, read from PostgreSQL. Counts rows and frozen PDFs at the end: nothing may be lost.
 *
 * The paced run of issue 22 (API and worker as separate processes, 40 submissions/s for 60 s):
 *   npm run bench:submit -- --paced
 * (the same as BENCH_SPLIT=1 BENCH_RATE=40 BENCH_DURATION_S=60; any of those set explicitly wins).
 *
 * Modes (environment variables, all optional; the default is the original run: one APP_ROLE=all process,
 * 8 connections as fast as they go for 10 s):
 *   BENCH_SPLIT=1          the API runs as APP_ROLE=api and renders run in a separate APP_ROLE=worker process
 *                          (same DATABASE_URL, REDIS_URL and a per-run QUEUE_PREFIX).
 *   BENCH_RATE=40          paced load: at most this many submissions per second overall (autocannon overallRate)
 *                          instead of as fast as possible.
 *   BENCH_DURATION_S=60    load duration in seconds (default 10).
 *   BENCH_CONNECTIONS=8    autocannon connections (default 8, or BENCH_RATE when paced).
 *   BENCH_CPU_PROF=dir     run the service process(es) under `node --cpu-prof` and write .cpuprofile files to dir.
 *
 * Renders per second per core: frozen PDFs per CPU-second of the worker process and its sandbox children (split
 * mode; CPU time, so the figure holds whatever else the machine runs).
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createOrgWithKey, percentile } from './lib/admin-client';
import { cpuMs, treeCpuMs } from './lib/proc-cpu';
import { spawnApp, spawnWorker } from './lib/spawn-app';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const SHARED = process.env.SHARED_DIR ?? join(__dirname, '..', '..', 'shared');
const FORM = join(SHARED, 'forms', 'intake-dev', 'word-table-1032', 'flat.pdf');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/edform';
const PACED = process.argv.includes('--paced');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? (PACED ? 60 : 10));
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : PACED ? 40 : undefined;
// Paced: one request per connection per second, so a slow response cannot hold the offered rate below the target.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (RATE ? Math.max(8, Math.ceil(RATE)) : 8));
const SPLIT = process.env.BENCH_SPLIT ? process.env.BENCH_SPLIT === '1' : PACED;
const QUEUE_PREFIX = `bench-submit-${process.pid}`;
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Field {
  field_id: string;
  kind: string;
  question_id: string | null;
  format?: string | null;
}

/** A valid answer for each text-like kind and format (the submit checks them). */
const TEXT_ANSWERS: Record<string, string> = {
  email: 'zoe@example.com',
  phone: '555-123-4567',
  number: '42',
  initials: 'ZD',
  zip: '12345',
  ssn: '123-45-6789',
};

function answersFor(fields: Field[]) {
  const answers: Record<string, string | boolean> = {};
  const signatures: Record<string, string> = {};
  const chosen = new Set<string>();
  for (const f of fields) {
    if (f.kind === 'signature') signatures[f.field_id] = PNG;
    else if (f.kind === 'date') answers[f.field_id] = '1990-04-12';
    else if (f.kind === 'select_one' || f.kind === 'select_many') {
      answers[f.field_id] = !!f.question_id && !chosen.has(f.question_id);
      if (f.question_id) chosen.add(f.question_id);
    } else if (f.kind === 'checkbox') answers[f.field_id] = true;
    else answers[f.field_id] = TEXT_ANSWERS[f.format ?? ''] ?? TEXT_ANSWERS[f.kind] ?? 'Zoë Ðorđević';
  }
  return { answers, signatures };
}

/** The API process, and in split mode the worker process beside it; one queue prefix per run keeps others' jobs out. */
async function startService() {
  const env = {
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'development',
    DATABASE_URL,
    QUEUE_PREFIX,
    SHUTDOWN_DRAIN_MS: '0',
  };
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  const worker = SPLIT ? await spawnWorker(env, true, nodeArgs) : undefined;
  const app = await spawnApp({ ...env, APP_ROLE: SPLIT ? 'api' : 'all' }, 3104, true, nodeArgs);
  return {
    baseUrl: app.baseUrl,
    apiPid: app.child.pid,
    workerPid: worker?.child.pid,
    stop: async () => {
      await app.stop();
      await worker?.stop();
    },
  };
}

/** Imports the bench form, waits for its template and opens a fill link on it. */
async function prepareLink(baseUrl: string) {
  const { apiKey } = await createOrgWithKey(baseUrl, ADMIN_TOKEN, [
    'imports:write',
    'templates:read',
    'fill_links:write',
  ]);
  const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
  const imported = (await (
    await fetch(`${baseUrl}/api/v1/imports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        pdf_base64: readFileSync(FORM).toString('base64'),
        filename: 'f.pdf',
        blank_form_attestation: true,
      }),
    })
  ).json()) as { import_id: string };
  let templateId: string | undefined;
  while (!templateId) {
    await new Promise((r) => setTimeout(r, 100));
    const poll = (await (await fetch(`${baseUrl}/api/v1/imports/${imported.import_id}`, { headers })).json()) as {
      status: string;
      template_id?: string;
    };
    if (poll.status === 'failed') throw new Error('import failed');
    templateId = poll.template_id;
  }
  const { fields } = (await (await fetch(`${baseUrl}/api/v1/templates/${templateId}/fields`, { headers })).json()) as {
    fields: Field[];
  };
  const link = (await (
    await fetch(`${baseUrl}/api/v1/fill-links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ template_id: templateId }),
    })
  ).json()) as { short_code: string; fill_link_id: string };
  return { fields, link };
}

/** Polls until every submission row of the link has its frozen PDF (or 15 minutes), then reads the latencies. */
async function drain(db: Client, fillLinkId: string) {
  const started = Date.now();
  let ready = 0;
  let rows = 0;
  for (;;) {
    const counts = await db.query<{ rows: string; ready: string }>(
      `SELECT count(*) AS rows, count(c.submission_id) AS ready
         FROM submissions s LEFT JOIN completed_pdfs c ON c.submission_id = s.id WHERE s.fill_link_id = $1`,
      [fillLinkId],
    );
    rows = Number(counts.rows[0].rows);
    ready = Number(counts.rows[0].ready);
    if (ready >= rows || Date.now() - started > 15 * 60_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const latencies = (
    await db.query<{ ms: number }>(
      `SELECT extract(epoch FROM (c.created_at - s.submitted_at)) * 1000 AS ms
         FROM submissions s JOIN completed_pdfs c ON c.submission_id = s.id WHERE s.fill_link_id = $1`,
      [fillLinkId],
    )
  ).rows.map((r) => Number(r.ms));
  return { rows, ready, latencies, drainedS: (Date.now() - started) / 1000 };
}

/** One submit's status and body, to say why submissions were refused. */
async function refusalOf(baseUrl: string, code: string, fields: Field[]): Promise<string> {
  const res = await fetch(`${baseUrl}/f/${code}/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(answersFor(fields)),
  });
  return `HTTP ${res.status} ${(await res.text()).slice(0, 300)}`;
}

async function main(): Promise<void> {
  // Builds only when the sources changed since the last build (as `npm run bench:submit` does first).
  execSync('node scripts/build-if-stale.mjs', { stdio: 'ignore', cwd: join(__dirname, '..') });
  const service = await startService();
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { fields, link } = await prepareLink(service.baseUrl);
    const apiCpu = cpuMs(service.apiPid);
    const workerCpu = treeCpuMs(service.workerPid);
    const result = await autocannon({
      url: `${service.baseUrl}/f/${link.short_code}/submit`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(answersFor(fields)),
      connections: CONNECTIONS,
      duration: DURATION_S,
      ...(RATE ? { overallRate: RATE } : {}),
    });
    const accepted = result['2xx'];
    const firstRefusal = accepted === 0 ? await refusalOf(service.baseUrl, link.short_code, fields) : undefined;
    const apiCpuPerSubmit = (cpuMs(service.apiPid) - apiCpu) / Math.max(1, accepted);
    const { rows, ready, latencies, drainedS } = await drain(db, link.fill_link_id);
    const workerCpuPerRender = (treeCpuMs(service.workerPid) - workerCpu) / Math.max(1, ready);
    const roles = SPLIT ? 'APP_ROLE=api + APP_ROLE=worker' : 'APP_ROLE=all';
    const pace = RATE ? `paced at ${RATE}/s` : 'unpaced';
    process.stdout.write(
      [
        `bench:submit: autocannon ${CONNECTIONS} connections ${pace}, ${DURATION_S} s, POST /f/{code}/submit (${fields.length} fields, 1 signature), compiled service ${roles}`,
        `submissions accepted: ${accepted} (${(accepted / DURATION_S).toFixed(1)}/s), non-2xx ${result.non2xx}, errors ${result.errors}, latency median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        latencies.length
          ? `submit -> completed PDF ready: median ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`
          : `submit -> completed PDF ready: no PDF was frozen (first refused submit: ${firstRefusal ?? 'none'})`,
        `backlog drained ${drainedS.toFixed(1)} s after the load ended`,
        `CPU (user + system, from /proc): API process ${apiCpuPerSubmit.toFixed(2)} ms per accepted submission` +
          (SPLIT
            ? `, worker process and its sandbox children ${workerCpuPerRender.toFixed(2)} ms per frozen PDF: ${(
                1000 / workerCpuPerRender
              ).toFixed(1)} renders per second per core (${cpus().length} cores here)`
            : ''),
        `load average at the end: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (other work on the machine skews every figure)`,
        // autocannon stops counting at the deadline, so a request in flight then is stored but not counted.
        `count: ${rows} submission rows, ${ready} frozen PDFs, ${accepted} 201s counted in the window -> ${
          rows >= accepted && rows - accepted <= CONNECTIONS && ready === rows ? 'nothing lost' : 'MISMATCH'
        }`,
      ].join('\n') + '\n',
    );
  } finally {
    await db.end();
    await service.stop();
    await forgetQueues();
  }
}

/** Deletes this run's Bull keys (thousands of finished jobs) so the shared Redis does not keep them. */
async function forgetQueues(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
  try {
    for await (const keys of redis.scanStream({ match: `${QUEUE_PREFIX}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
