/**
 * npm run bench:import: the compiled service (API and worker in one process, as `npm start` runs it)
 * imports a 2-page intake form 20 times, one after another; prints the time from the 202 to `succeeded`
 * (median, p95) and the time of the 202 itself.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOrgWithKey, percentile } from './lib/admin-client';
import { spawnApp } from './lib/spawn-app';

const RUNS = 20;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const SHARED = process.env.SHARED_DIR ?? join(__dirname, '..', '..', 'shared');
const FORM = join(SHARED, 'forms', 'intake-dev', 'underscore-classic-1001', 'flat.pdf');

async function main(): Promise<void> {
  execSync('npm run build', { stdio: 'ignore', cwd: join(__dirname, '..') });
  const app = await spawnApp({ ADMIN_TOKEN, APP_ROLE: 'all', LOG_LEVEL: 'warn', NODE_ENV: 'development' }, 3103, true);
  try {
    const { apiKey } = await createOrgWithKey(app.baseUrl, ADMIN_TOKEN, ['imports:write']);
    const body = JSON.stringify({
      pdf_base64: readFileSync(FORM).toString('base64'),
      filename: 'intake.pdf',
      blank_form_attestation: true,
    });
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const accept: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const started = performance.now();
      const res = await fetch(`${app.baseUrl}/api/v1/imports`, { method: 'POST', headers, body });
      const accepted = performance.now();
      const { import_id } = (await res.json()) as { import_id: string };
      let status = 'queued';
      while (status === 'queued' || status === 'processing') {
        await new Promise((r) => setTimeout(r, 10));
        const poll = await fetch(`${app.baseUrl}/api/v1/imports/${import_id}`, { headers });
        status = ((await poll.json()) as { status: string }).status;
      }
      if (status !== 'succeeded') throw new Error(`import ${import_id} ended ${status}`);
      if (i < 2) continue; // warm-up
      accept.push(accepted - started);
      total.push(performance.now() - accepted);
    }
    const fmt = (v: number) => `${v.toFixed(0)} ms`;
    process.stdout.write(
      [
        `bench:import: ${RUNS} imports of intake-dev/underscore-classic-1001 (2 pages), compiled service, APP_ROLE=all`,
        `202 answered in:        median ${fmt(percentile(accept, 50))}, p95 ${fmt(percentile(accept, 95))}`,
        `202 -> succeeded:       median ${fmt(percentile(total, 50))}, p95 ${fmt(percentile(total, 95))}, max ${fmt(Math.max(...total))}`,
      ].join('\n') + '\n',
    );
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
