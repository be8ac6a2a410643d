/**
 * Draft saves by someone who has the link and nothing else (issue 18, point 4): cookie-less saves make a new draft
 * each time, and a "signature" was checked only by its data URL prefix. Stored drafts are counted in the database.
 */
import { DataSource } from 'typeorm';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, importWithMap, PNG_1X1 } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { smallForm } from 'test/utils/small-form';
import { DRAFT_LIMITS } from 'src/fill-page/fill-drafts.service';

jest.setTimeout(120_000);

describe('draft saves are bounded per link', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let signatureId: string;
  let textId: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    const saved = await importWithMap(t, org.apiKey, await smallForm(), (detected) => [
      ...detected,
      { kind: 'signature', page: 1, rect: [150, 500, 350, 540], label: 'Signature', prompt: 'Signature' },
    ]);
    templateId = saved.templateId;
    const all = saved.fields;
    signatureId = all.find((f) => f.kind === 'signature')!.field_id;
    textId = all.find((f) => f.kind === 'text')!.field_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (linkId: string): Promise<{ count: number; bytes: number }> => {
    const [row] = await t.app
      .get(DataSource)
      .query(
        'SELECT count(*)::int AS count, coalesce(sum(octet_length(data)), 0)::int AS bytes FROM fill_drafts WHERE fill_link_id = $1',
        [linkId],
      );
    return row;
  };

  it('keeps at most the limit of drafts and bytes after forty cookie-less saves of a 1.4 MB "signature"', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, max_responses: 1 });
    // The prefix of a PNG data URL, then 1.4 MB of anything: not a PNG.
    const fake = `data:image/png;base64,${'A'.repeat(1_400_000)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await api(t)
        .put(`/f/${link.short_code}/draft`)
        .send({ answers: { [textId]: 'x'.repeat(9_000) }, signatures: { [signatureId]: fake } });
      statuses.push(res.status);
    }
    const usage = await stored(link.fill_link_id);
    expect(usage.count).toBe(DRAFT_LIMITS.perLink);
    expect(usage.bytes).toBeLessThanOrEqual(DRAFT_LIMITS.bytesPerLink);
    // Before: 40 drafts, 61.5 MB. The fake signature is never stored, so each draft is about 9 KB.
    expect(usage.bytes).toBeLessThan(DRAFT_LIMITS.perLink * 12_000);
    expect(statuses.slice(0, DRAFT_LIMITS.perLink)).toEqual(Array(DRAFT_LIMITS.perLink).fill(204));
    expect(new Set(statuses.slice(DRAFT_LIMITS.perLink))).toEqual(new Set([409]));
  });

  it('still updates a browser that has its draft, and stores a real PNG signature', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const path = `/f/${link.short_code}/draft`;
    const first = await api(t)
      .put(path)
      .send({ signatures: { [signatureId]: PNG_1X1 } })
      .expect(204);
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    for (let i = 0; i < DRAFT_LIMITS.perLink - 1; i++) await api(t).put(path).send({ step: 1 }).expect(204);
    await api(t).put(path).send({ step: 1 }).expect(409);
    // The browser with a draft saves on.
    await api(t)
      .put(path)
      .set('Cookie', cookie)
      .send({ step: 2, signatures: { [signatureId]: PNG_1X1 }, draft_id: first.headers['x-draft-id'] })
      .expect(204);
    const page = await api(t).get(`/f/${link.short_code}?resume=1`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('data-resumed="true"');
    expect((await stored(link.fill_link_id)).count).toBe(DRAFT_LIMITS.perLink);
  });
});
