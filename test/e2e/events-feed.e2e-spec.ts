import { DataSource } from 'typeorm';
import { EventsService } from 'src/events/events.service';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { recordEvent, registerWebhook, startReceiver, type WebhookReceiver } from 'test/utils/webhook-receiver';

interface FeedEntry {
  event_id: string;
  event: string;
  timestamp: string;
  org_id: string;
  data: Record<string, unknown>;
}
interface FeedPage {
  events: FeedEntry[];
  next_cursor?: string;
}

describe('events feed (GET /events)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  /** Every page of the feed, following next_cursor. */
  async function readAll(key: string, query: Record<string, string | number> = {}): Promise<FeedPage[]> {
    const pages: FeedPage[] = [];
    let cursor: string | undefined;
    do {
      const res = await api(t, key)
        .get('/api/v1/events')
        .query({ ...query, ...(cursor ? { cursor } : {}) })
        .expect(200);
      pages.push(res.body as FeedPage);
      cursor = (res.body as FeedPage).next_cursor;
    } while (cursor && pages.length < 50);
    return pages;
  }

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_RETRY_MAX_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '3' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('lists the envelopes exactly as delivered, oldest first, paged, and never another organization’s', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const hook = await registerWebhook(t, org.apiKey, receiver.url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await recordEvent(t, org.orgId, 'template.updated', { template_id: `tpl_${i}`, version: i + 1 })).id);
      await recordEvent(t, other.orgId, 'template.updated', { template_id: `tpl_other${i}`, version: 1 });
    }
    // A data key outside the spec's list for the kind is cut from the feed as from the delivery.
    ids.push((await recordEvent(t, org.orgId, 'test', { webhook_id: hook.webhook_id, answers: 'x' })).id);
    const delivered = await receiver.waitForRequests(6);

    const pages = await readAll(org.apiKey, { limit: 2 });
    expect(pages.map((p) => p.events.length)).toEqual([2, 2, 2]);
    expect(pages.at(-1)!.next_cursor).toBeUndefined();
    const entries = pages.flatMap((p) => p.events);
    expect(entries.map((e) => e.event_id)).toEqual(ids);
    expect(entries.every((e) => e.org_id === org.orgId)).toBe(true);
    const timestamps = entries.map((e) => e.timestamp);
    expect([...timestamps].sort()).toEqual(timestamps);
    // Each entry is the delivered body plus its event_id, key for key.
    const bodies = delivered.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    for (const { event_id: _id, ...entry } of entries) expect(bodies).toContainEqual(entry);
    expect(entries.at(-1)!.data).toEqual({ webhook_id: hook.webhook_id });

    const otherEntries = (await readAll(other.apiKey)).flatMap((p) => p.events);
    expect(otherEntries).toHaveLength(5);
    expect(otherEntries.every((e) => e.org_id === other.orgId)).toBe(true);
    // A cursor of one organization's feed pages only that organization's events for another.
    const cursor = pages[0].next_cursor!;
    const res = await api(t, other.apiKey).get('/api/v1/events').query({ cursor }).expect(200);
    expect((res.body as FeedPage).events.every((e) => e.org_id === other.orgId)).toBe(true);
  });

  it('since is inclusive and starts the feed at that time', async () => {
    const org = await createOrg(t.app);
    await recordEvent(t, org.orgId, 'template.updated', { template_id: 'tpl_a', version: 1 });
    const all = (await readAll(org.apiKey)).flatMap((p) => p.events);
    const second = await recordEvent(t, org.orgId, 'template.updated', { template_id: 'tpl_b', version: 2 });
    const [{ created_at: at }] = await t.app.get(DataSource).query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
                FROM events WHERE id = $1`,
      [second.id],
    );
    const since = (await readAll(org.apiKey, { since: at })).flatMap((p) => p.events);
    expect(since.map((e) => e.event_id)).toEqual([second.id]);
    expect(all).toHaveLength(1);
  });

  it.each([
    ['cursor', { cursor: 'not-a-cursor' }, /cursor/],
    [
      'cursor of another kind',
      { cursor: Buffer.from('["2026-01-01T00:00:00.000000Z","sub_x"]').toString('base64url') },
      /cursor/,
    ],
    ['since', { since: 'yesterday' }, /since must be an RFC 3339 timestamp/],
    ['limit 0', { limit: 0 }, /limit/],
    ['limit 101', { limit: 101 }, /limit/],
  ])('a bad %s is a 400 naming the parameter', async (_name, query, message) => {
    const org = await createOrg(t.app);
    const res = await api(t, org.apiKey).get('/api/v1/events').query(query).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(message) });
  });

  it('needs webhooks:manage', async () => {
    const org = await createOrg(t.app);
    const reader = await createKey(t.app, org.orgId, ['submissions:read']);
    const res = await api(t, reader).get('/api/v1/events').expect(403);
    expect(res.body).toMatchObject({ code: 'SCOPE_REQUIRED', required_scope: 'webhooks:manage' });
  });

  it('the purge deletes dispatched events past 30 days and keeps younger or undispatched ones', async () => {
    const org: TestOrg = await createOrg(t.app);
    const db = t.app.get(DataSource);
    const old = await recordEvent(t, org.orgId, 'template.updated', { template_id: 'tpl_old', version: 1 });
    const kept = await recordEvent(t, org.orgId, 'template.updated', { template_id: 'tpl_kept', version: 1 });
    const stuck = await recordEvent(t, org.orgId, 'template.updated', { template_id: 'tpl_stuck', version: 1 });
    await db.query(
      `UPDATE events SET dispatched_at = now(), created_at = now() - interval '30 days 1 minute' WHERE id = $1`,
      [old.id],
    );
    await db.query(
      `UPDATE events SET dispatched_at = now(), created_at = now() - interval '29 days 23 hours' WHERE id = $1`,
      [kept.id],
    );
    await db.query(`UPDATE events SET dispatched_at = NULL, created_at = now() - interval '40 days' WHERE id = $1`, [
      stuck.id,
    ]);
    expect(await t.app.get(EventsService).purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = (await readAll(org.apiKey)).flatMap((p) => p.events).map((e) => e.event_id);
    expect(left).toEqual([stuck.id, kept.id]);
  });
});
