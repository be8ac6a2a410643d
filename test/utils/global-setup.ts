import { Client } from 'pg';

const BASE_URL = 'postgres://postgres@127.0.0.1:5432/edform_test';

async function admin<T>(url: URL, work: (client: Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the jest process that created a run's database (`<base>_<time36>_<pid>`) still runs here. */
function runIsAlive(datname: string): boolean {
  const pid = Number(/_(\d+)$/.exec(datname)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh database and a fresh queue prefix for every run, so two runs on one machine (a developer's and a
 * helper's, say) never share state. Databases of earlier runs that nobody uses any more are dropped.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const base = new URL(process.env.TEST_DATABASE_URL ?? BASE_URL);
  const name = `${base.pathname.slice(1)}_${runId}`;
  await admin(base, async (client) => {
    const stale = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
      [`${base.pathname.slice(1)}\\_%`, name],
    );
    for (const { datname } of stale.rows) {
      // Only a run whose process is gone: another run may have created its database and not connected yet.
      if (runIsAlive(datname)) continue;
      // Without FORCE: a database still in use (by a run on another machine sharing this server) stays.
      await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.EDFORM_TEST_DATABASE_URL = url.toString();
  process.env.EDFORM_TEST_QUEUE_PREFIX = `edform-test-${runId}`;
}
