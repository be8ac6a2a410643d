/**
 * Two processes starting together on an empty database (issue 18, point 15) create one demo organization. The
 * database is this spec's own, made empty and migrated by the app; two seeds run at once as two processes would.
 */
import { Client } from 'pg';
import { seedDemoOrganization } from 'src/admin/demo-seed';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';

jest.setTimeout(120_000);

describe('demo organization on an empty database', () => {
  const name = `edform_demo_seed_${process.pid}`;
  const base = new URL(process.env.DATABASE_URL!);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let t: TestApp | undefined;

  const admin = async <T>(work: (c: Client) => Promise<T>, target = base): Promise<T> => {
    const client = new Client({ connectionString: target.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${name}"`);
      await c.query(`CREATE DATABASE "${name}"`);
    });
    t = await createTestApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await t?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('two seeds at once create one organization', async () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await Promise.all([seedDemoOrganization(t!.app, t!.settings), seedDemoOrganization(t!.app, t!.settings)]);
    } finally {
      write.mockRestore();
    }
    const rows = await admin((c) => c.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations'), url);
    expect(rows.rows[0].n).toBe(1);
  });
});
