import { Client } from 'pg';

/** Drops this run's database. */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.EDFORM_TEST_DATABASE_URL;
  if (!url) return;
  const adminUrl = new URL(url);
  const name = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const client = new Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
