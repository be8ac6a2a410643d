import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { AuditService } from 'src/audit/audit.service';
import { EditorSessionClock } from 'src/editor-sessions/editor-session-clock';
import { EditorSessionsService } from 'src/editor-sessions/editor-sessions.service';
import { createKey, createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { fixture, importPdf } from 'test/utils/imports';
import { ADMIN } from 'test/utils/admin-token';

// Imports and a CLI process share 2 cores with other work: allow more than the default minute.
jest.setTimeout(180_000);

const HOUR_MS = 60 * 60 * 1000;

interface TemplateEntry {
  template_id: string;
  version: number;
  review_required: boolean;
  reviewed_at?: string;
}

describe('template review, editor sessions, frame ancestors', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;

  const importTemplate = async (name: string, owner = org) => {
    const done = await importPdf(t, owner.apiKey, fixture(name));
    expect(done.status).toBe('succeeded');
    return done;
  };
  const entryOf = async (templateId: string, key = org.apiKey): Promise<TemplateEntry> => {
    const list = await api(t, key).get('/api/v1/templates').expect(200);
    return (list.body.templates as TemplateEntry[]).find((x) => x.template_id === templateId)!;
  };
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  /** A one-page PDF with no text layer: detection flags it ("fields must be placed by hand"). */
  const importBlank = async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const done = await importPdf(t, org.apiKey, Buffer.from(await doc.save()));
    expect(done.status).toBe('succeeded');
    return done;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: 'https://forms.example.test' });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('review_required until POST /review; reviewed_at absent until then; audited', async () => {
    const done = await importBlank();
    expect(done.review_required).toBe(true);
    const before = await entryOf(done.template_id!);
    expect(before.review_required).toBe(true);
    expect('reviewed_at' in before).toBe(false);

    const res = await api(t, org.apiKey).post(`/api/v1/templates/${done.template_id}/review`).expect(200);
    expect(res.body).toEqual({
      template_id: done.template_id,
      version: 1,
      review_required: false,
      reviewed_at: expect.stringMatching(/Z$/),
    });
    const after = await entryOf(done.template_id!);
    expect(after).toMatchObject({ review_required: false, reviewed_at: res.body.reviewed_at });
    // Again: the first review counts.
    const again = await api(t, org.apiKey).post(`/api/v1/templates/${done.template_id}/review`).expect(200);
    expect(again.body.reviewed_at).toBe(res.body.reviewed_at);
    const audit = await t.app.get(AuditService).forTemplate(org.orgId, done.template_id!);
    expect(audit.map((a) => [a.action, a.templateVersion, a.apiKeyId])).toEqual([
      ['template.reviewed', 1, org.keyId],
      ['template.reviewed', 1, org.keyId],
    ]);
  });

  it('an edit keeps an unreviewed flag; after review, an edit writes an unreviewed version that is not flagged', async () => {
    const done = await importBlank();
    const edit = (base: number) =>
      request(t.baseUrl)
        .put(`/api/v1/templates/${done.template_id}/fields`)
        .set('Authorization', `Bearer ${org.apiKey}`)
        .send({ base_version: base, fields: [{ kind: 'text', page: 1, rect: [10, 10, 50, 20], label: 'Name' }] })
        .expect(200);
    await edit(1);
    expect(await entryOf(done.template_id!)).toMatchObject({ review_required: true });
    const reviewed = await api(t, org.apiKey).post(`/api/v1/templates/${done.template_id}/review`).expect(200);
    expect(reviewed.body.version).toBe(2);
    expect(await entryOf(done.template_id!)).toMatchObject({ review_required: false });
    await edit(2);
    const entry = await entryOf(done.template_id!);
    expect(entry).toMatchObject({ review_required: false, version: 3 });
    expect('reviewed_at' in entry).toBe(false);
  });

  it('opens an editor session: 201 url and expires_at, no-store, audited; the token resolves for that template only', async () => {
    const done = await importTemplate('irs-w9-2024.original.pdf');
    const second = await importTemplate('irs-w9-2024.original.pdf');
    const startedAt = Date.now();
    const res = await api(t, org.apiKey).post(`/api/v1/templates/${done.template_id}/editor-sessions`).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body.url).toMatch(/^https:\/\/forms\.example\.test\/editor\/edt_[0-9A-Za-z]{43}$/);
    const expires = Date.parse(res.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(startedAt + HOUR_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + HOUR_MS);

    const sessions = t.app.get(EditorSessionsService);
    const token = tokenOf(res.body.url);
    const resolved = await sessions.resolve(token);
    expect(resolved).toMatchObject({ orgId: org.orgId, templateId: done.template_id, frameAncestors: [] });
    expect(resolved.sessionId).toMatch(/^eds_/);
    await expect(sessions.resolve(token, done.template_id)).resolves.toMatchObject({ sessionId: resolved.sessionId });

    const audit = await t.app.get(AuditService).forTemplate(org.orgId, done.template_id!);
    expect(audit.map((a) => [a.action, a.templateVersion, a.apiKeyId, a.editorSessionId])).toEqual([
      ['editor_session.created', 1, org.keyId, resolved.sessionId],
    ]);

    // Refusals, each with its code.
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expect(sessions.resolve(tampered)).rejects.toMatchObject({ code: 'EDITOR_SESSION_INVALID' });
    await expect(sessions.resolve('edt_short')).rejects.toMatchObject({ code: 'EDITOR_SESSION_INVALID' });
    await expect(sessions.resolve(token, second.template_id)).rejects.toMatchObject({
      code: 'EDITOR_SESSION_INVALID',
      message: 'this editor link is for another template',
    });
    const clock = t.app.get(EditorSessionClock);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(expires - 1));
    await expect(sessions.resolve(token)).resolves.toMatchObject({ templateId: done.template_id });
    jest.spyOn(clock, 'now').mockReturnValue(new Date(expires));
    await expect(sessions.resolve(token)).rejects.toMatchObject({ code: 'EDITOR_SESSION_EXPIRED' });
    jest.restoreAllMocks();

    await api(t, ADMIN).post(`/admin/v1/templates/${done.template_id}/retire`).expect(200);
    await expect(sessions.resolve(token)).rejects.toMatchObject({ code: 'TEMPLATE_RETIRED' });
    const gone = await api(t, org.apiKey).post(`/api/v1/templates/${done.template_id}/editor-sessions`).expect(410);
    expect(gone.body.code).toBe('TEMPLATE_RETIRED');
    const putGone = await request(t.baseUrl)
      .put(`/api/v1/templates/${done.template_id}/fields`)
      .set('Authorization', `Bearer ${org.apiKey}`)
      .send({ base_version: 1, fields: [] })
      .expect(410);
    expect(putGone.body.code).toBe('TEMPLATE_RETIRED');
  });

  it("another organization's template is a 404; internal admins open sessions through /admin/v1 and the CLI", async () => {
    const done = await importTemplate('irs-w9-2024.original.pdf');
    await api(t, other.apiKey).post(`/api/v1/templates/${done.template_id}/editor-sessions`).expect(404);
    await api(t, org.apiKey).post(`/admin/v1/templates/${done.template_id}/editor-sessions`).expect(401);
    const admin = await api(t, ADMIN).post(`/admin/v1/templates/${done.template_id}/editor-sessions`).expect(201);
    expect(admin.headers['cache-control']).toBe('no-store');
    const resolved = await t.app.get(EditorSessionsService).resolve(tokenOf(admin.body.url));
    expect(resolved.templateId).toBe(done.template_id);
    await api(t, ADMIN).post('/admin/v1/templates/tpl_00000000000000000000000/editor-sessions').expect(404);

    const root = join(__dirname, '..', '..');
    const cli = (...args: string[]) =>
      execFileSync(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/admin/cli.ts', ...args],
        { cwd: root, env: process.env, encoding: 'utf8' },
      );
    const out = cli('templates:editor', '--template', done.template_id!);
    const printed = JSON.parse(out) as { url: string; expires_at: string };
    expect(printed.url).toMatch(/\/editor\/edt_[0-9A-Za-z]{43}$/);
    const cliSession = await t.app.get(EditorSessionsService).resolve(tokenOf(printed.url));
    expect(cliSession.templateId).toBe(done.template_id);
    const key = JSON.parse(
      cli('keys:create', '--org', org.orgId, '--name', 'Editor', '--scopes', 'templates:read,templates:write'),
    ) as { api_key: string; scopes: string[] };
    expect(key.scopes).toEqual(['templates:read', 'templates:write']);
    await api(t, key.api_key).post(`/api/v1/templates/${done.template_id}/editor-sessions`).expect(201);
    const audit = await t.app.get(AuditService).forTemplate(org.orgId, done.template_id!);
    expect(audit.map((a) => [a.action, a.apiKeyId === null])).toEqual([
      ['editor_session.created', true],
      ['editor_session.created', true],
      ['editor_session.created', false],
    ]);
  });

  it('editor_frame_ancestors: none by default, set through the admin API, checked, given to the editor', async () => {
    const list = await api(t, ADMIN).get('/admin/v1/orgs').expect(200);
    expect(list.body.orgs.find((o: { org_id: string }) => o.org_id === org.orgId).editor_frame_ancestors).toEqual([]);
    const bad = await api(t, ADMIN)
      .patch(`/admin/v1/orgs/${org.orgId}`)
      .send({ editor_frame_ancestors: ['https://app.example.com/path'] })
      .expect(400);
    expect(bad.body.error).toContain('editor_frame_ancestors');
    await api(t, ADMIN)
      .patch(`/admin/v1/orgs/${org.orgId}`)
      .send({ editor_frame_ancestors: ['http://example.com'] })
      .expect(400);
    const ok = await api(t, ADMIN)
      .patch(`/admin/v1/orgs/${org.orgId}`)
      .send({ editor_frame_ancestors: ['https://app.example.com', 'https://*.clinic.example:8443'] })
      .expect(200);
    expect(ok.body.editor_frame_ancestors).toEqual(['https://app.example.com', 'https://*.clinic.example:8443']);
    const done = await importTemplate('irs-w9-2024.original.pdf');
    const writer = await createKey(t.app, org.orgId, ['templates:write']);
    const res = await api(t, writer).post(`/api/v1/templates/${done.template_id}/editor-sessions`).expect(201);
    const resolved = await t.app.get(EditorSessionsService).resolve(tokenOf(res.body.url));
    expect(resolved.frameAncestors).toEqual(['https://app.example.com', 'https://*.clinic.example:8443']);
    await api(t, ADMIN).patch(`/admin/v1/orgs/${org.orgId}`).send({ editor_frame_ancestors: [] }).expect(200);
  });

  it('keys:create --scopes templates:write through the admin API', async () => {
    const res = await api(t, ADMIN)
      .post(`/admin/v1/orgs/${org.orgId}/api-keys`)
      .send({ name: 'editor', scopes: ['templates:write'] })
      .expect(201);
    expect(res.body.scopes).toEqual(['templates:write']);
  });
});
