/**
 * npm run bench:submit: submissions per second through POST /f/{code}/submit (autocannon, 10 s) against the
 * compiled service (API and workers in one process), then the time from submit to completed_pdf_status ready
 * (median, p95) for the submissions made under that load, read from PostgreSQL. Counts rows and frozen PDFs at
 * the end: nothing may be lost.
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createOrgWithKey, percentile } from './lib/admin-client';
import { spawnApp } from './lib/spawn-app';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const SHARED = process.env.SHARED_DIR ?? join(__dirname, '..', '..', 'shared');
const FORM = join(SHARED, 'forms', 'intake-dev', 'word-table-1032', 'flat.pdf');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/edform';
const DURATION_S = 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Field {
  field_id: string;
  kind: string;
  question_id: string | null;
}

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
    else answers[f.field_id] = 'Zoë Ðorđević';
  }
  return { answers, signatures };
}

async function main(): Promise<void> {
  execSync('npm run build', { stdio: 'ignore', cwd: join(__dirname, '..') });
  const app = await spawnApp(
    {
      ADMIN_TOKEN,
      APP_ROLE: 'all',
      LOG_LEVEL: 'warn',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'development',
    },
    3104,
    true,
  );
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { apiKey } = await createOrgWithKey(app.baseUrl, ADMIN_TOKEN, [
      'imports:write',
      'templates:read',
      'fill_links:write',
    ]);
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const imported = (await (
      await fetch(`${app.baseUrl}/api/v1/imports`, {
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
      const poll = (await (await fetch(`${app.baseUrl}/api/v1/imports/${imported.import_id}`, { headers })).json()) as {
        status: string;
        template_id?: string;
      };
      if (poll.status === 'failed') throw new Error('import failed');
      templateId = poll.template_id;
    }
    const { fields } = (await (
      await fetch(`${app.baseUrl}/api/v1/templates/${templateId}/fields`, { headers })
    ).json()) as {
      fields: Field[];
    };
    const link = (await (
      await fetch(`${app.baseUrl}/api/v1/fill-links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ template_id: templateId }),
      })
    ).json()) as { short_code: string; fill_link_id: string };

    const result = await autocannon({
      url: `${app.baseUrl}/f/${link.short_code}/submit`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(answersFor(fields)),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const accepted = result['2xx'];
    const started = Date.now();
    let ready = 0;
    let rows = 0;
    for (;;) {
      const counts = await db.query<{ rows: string; ready: string }>(
        `SELECT count(*) AS rows, count(c.submission_id) AS ready
           FROM submissions s LEFT JOIN completed_pdfs c ON c.submission_id = s.id WHERE s.fill_link_id = $1`,
        [link.fill_link_id],
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
        [link.fill_link_id],
      )
    ).rows.map((r) => Number(r.ms));
    process.stdout.write(
      [
        `bench:submit: autocannon ${CONNECTIONS} connections, ${DURATION_S} s, POST /f/{code}/submit (${fields.length} fields, 1 signature), compiled service APP_ROLE=all`,
        `submissions accepted: ${accepted} (${(accepted / DURATION_S).toFixed(1)}/s), non-2xx ${result.non2xx}, errors ${result.errors}, p99 ${result.latency.p99} ms`,
        `submit -> completed PDF ready: median ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
        `backlog drained ${((Date.now() - started) / 1000).toFixed(1)} s after the load ended`,
        // autocannon stops counting at the deadline, so a request in flight then is stored but not counted.
        `count: ${rows} submission rows, ${ready} frozen PDFs, ${accepted} 201s counted in the window -> ${
          rows >= accepted && rows - accepted <= CONNECTIONS && ready === rows ? 'nothing lost' : 'MISMATCH'
        }`,
      ].join('\n') + '\n',
    );
  } finally {
    await db.end();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
