/**
 * Inputs that reached PostgreSQL and came back as 500s (issue 18, point 6): each is a 400 naming the field.
 */
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import type { Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { smallForm } from 'test/utils/small-form';

jest.setTimeout(120_000);

const cursor = (parts: unknown[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

describe('authenticated inputs PostgreSQL would refuse', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    templateId = (await importPdf(t, org.apiKey, await smallForm())).template_id!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['label', 'prompt', 'section'])('a lone surrogate in a field entry’s %s is a 400 naming it', async (key) => {
    const current = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body;
    const fields = (current.fields as Field[]).map((f, i) => (i === 0 ? { ...f, [key]: 'Name \ud800' } : f));
    const res = await api(t, org.apiKey)
      .put(`/api/v1/templates/${templateId}/fields`)
      .send({ base_version: current.version, fields })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(key);
    expect(res.body.error).toMatch(/lone UTF-16 surrogate/);
  });

  it('a leap-second submitted_since is a 400 naming it', async () => {
    const res = await api(t, org.apiKey).get('/api/v1/submissions?submitted_since=2016-12-31T23:59:60Z').expect(400);
    expect(res.body.error).toMatch(/submitted_since/);
  });

  it('a submissions cursor with a year PostgreSQL cannot hold is a 400 naming the cursor', async () => {
    for (const at of ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00.000Z']) {
      const res = await api(t, org.apiKey)
        .get(`/api/v1/submissions?cursor=${cursor([at, 'sub_x'])}`)
        .expect(400);
      expect(res.body.error).toMatch(/cursor/);
    }
  });

  it('a deliveries cursor with an impossible date is a 400 naming the cursor', async () => {
    const hook = await api(t, org.apiKey)
      .post('/api/v1/webhooks')
      .send({ url: 'https://93.184.215.14/hooks' })
      .expect(201);
    for (const at of ['2026-13-45T25:61:61.000000Z', '2026-02-30T00:00:00.000000Z']) {
      const res = await api(t, org.apiKey)
        .get(`/api/v1/webhooks/${hook.body.webhook_id}/deliveries?cursor=${cursor([at, 'dlv_x'])}`)
        .expect(400);
      expect(res.body.error).toMatch(/cursor/);
    }
  });
});
