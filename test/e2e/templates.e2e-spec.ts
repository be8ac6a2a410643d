import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import type { Repository } from 'typeorm';
import { Import } from 'src/imports/entities/import.entity';
import { ImportsSweeper } from 'src/imports/imports.sweeper';
import { QUEUES } from 'src/queue/queues';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { fixture, importPdf, waitForImport } from 'test/utils/imports';
import { ADMIN } from 'test/utils/admin-token';

interface FieldsBody {
  template_id: string;
  version: number;
  fields: { field_id: string; question_id: string | null; kind: string; page: number; rect: number[] }[];
}

describe('templates: list, field maps, versions, retire', () => {
  let t: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
  });
  afterAll(() => t.close());

  it('lists active templates newest first with the decisions.md keys', async () => {
    const first = await importPdf(t, org.apiKey, fixture('irs-w9-2024.original.pdf'), { title: 'First' });
    const second = await importPdf(t, org.apiKey, fixture('underscore-classic-1001.flat.pdf'), { title: 'Second' });
    const res = await api(t, org.apiKey).get('/api/v1/templates').expect(200);
    const ids = res.body.templates.map((x: { template_id: string }) => x.template_id);
    expect(ids.indexOf(second.template_id)).toBeLessThan(ids.indexOf(first.template_id));
    expect(res.body.templates.find((x: { template_id: string }) => x.template_id === first.template_id)).toEqual({
      template_id: first.template_id,
      title: 'First',
      source_filename: 'form.pdf',
      page_count: 6,
      field_count: 23,
      detector: 'acroform',
      version: 1,
      review_required: expect.any(Boolean),
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it('gives each field the decisions.md keys, choices grouped by question', async () => {
    const done = await importPdf(t, org.apiKey, fixture('underscore-classic-1001.flat.pdf'));
    const res = await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    const body = res.body as FieldsBody;
    expect(body.version).toBe(1);
    for (const field of body.fields) {
      expect(Object.keys(field).sort()).toEqual(
        [
          'choice_label',
          'condition',
          'confidence',
          'field_id',
          'format',
          'kind',
          'label',
          'page',
          'prefillable',
          'prompt',
          'question_id',
          'rect',
          'required',
          'section',
          ...(['select_one', 'select_many', 'checkbox'].includes(field.kind) ? ['mark'] : []),
        ].sort(),
      );
      expect(field.field_id).toMatch(/^fld_[0-9A-Za-z]{20,}$/);
      expect(field.page).toBeGreaterThanOrEqual(1);
      expect(field.rect).toHaveLength(4);
    }
    // Every field has a question id: a choice question's options share one, any other field has its own.
    const questions = new Map<string, string[]>();
    for (const f of body.fields) {
      expect(f.question_id).toMatch(/^q_[0-9A-Za-z]{20,}$/);
      questions.set(f.question_id!, [...(questions.get(f.question_id!) ?? []), f.kind]);
    }
    const shared = [...questions.values()].filter((kinds) => kinds.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((kinds) => kinds.every((k) => k === 'select_one' || k === 'select_many'))).toBe(true);
  });

  it('re-import adds version 2 with new field ids while ?version=1 still answers', async () => {
    const v1 = await importPdf(t, org.apiKey, fixture('irs-w9-2024.original.pdf'));
    const v2 = await importPdf(t, org.apiKey, fixture('irs-w9-2024.original.pdf'), { template_id: v1.template_id });
    expect(v2).toMatchObject({ status: 'succeeded', template_id: v1.template_id, template_version: 2 });
    const latest = (await api(t, org.apiKey).get(`/api/v1/templates/${v1.template_id}/fields`).expect(200))
      .body as FieldsBody;
    const old = (await api(t, org.apiKey).get(`/api/v1/templates/${v1.template_id}/fields?version=1`).expect(200))
      .body as FieldsBody;
    expect(latest.version).toBe(2);
    expect(old.version).toBe(1);
    expect(latest.fields).toHaveLength(old.fields.length);
    const oldIds = new Set(old.fields.map((f) => f.field_id));
    expect(latest.fields.some((f) => oldIds.has(f.field_id))).toBe(false);
    const list = await api(t, org.apiKey).get('/api/v1/templates').expect(200);
    expect(list.body.templates.find((x: { template_id: string }) => x.template_id === v1.template_id).version).toBe(2);
    await api(t, org.apiKey).get(`/api/v1/templates/${v1.template_id}/fields?version=3`).expect(404);
    const bad = await api(t, org.apiKey).get(`/api/v1/templates/${v1.template_id}/fields?version=zero`).expect(400);
    expect(bad.body.error).toContain('version');
  });

  it('retire (admin API) takes a template out of the list; its fields stay readable; it cannot be re-imported', async () => {
    const done = await importPdf(t, org.apiKey, fixture('irs-w9-2024.original.pdf'));
    await api(t, org.apiKey).post(`/admin/v1/templates/${done.template_id}/retire`).expect(401);
    const res = await api(t, ADMIN).post(`/admin/v1/templates/${done.template_id}/retire`).expect(200);
    expect(res.body).toEqual({
      template_id: done.template_id,
      status: 'retired',
      retired_at: expect.stringMatching(/Z$/),
    });
    const list = await api(t, org.apiKey).get('/api/v1/templates').expect(200);
    expect(list.body.templates.map((x: { template_id: string }) => x.template_id)).not.toContain(done.template_id);
    await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    const reimport = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({
        pdf_base64: fixture('irs-w9-2024.original.pdf').toString('base64'),
        filename: 'a.pdf',
        blank_form_attestation: true,
        template_id: done.template_id,
      })
      .expect(400);
    expect(reimport.body.error).toContain('retired');
    await api(t, ADMIN).post('/admin/v1/templates/tpl_doesnotexist000000000000/retire').expect(404);
  });

  it("answers 404 for another organization's template, for fields and for re-import", async () => {
    const done = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
    const other = await createOrg(t.app);
    await api(t, other.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(404);
    const list = await api(t, other.apiKey).get('/api/v1/templates').expect(200);
    expect(list.body.templates).toEqual([]);
    const res = await api(t, other.apiKey)
      .post('/api/v1/imports')
      .send({
        pdf_base64: fixture('hostile/100-pages.pdf').toString('base64'),
        filename: 'a.pdf',
        blank_form_attestation: true,
        template_id: done.template_id,
      })
      .expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('the sweeper queues again an import whose job Redis lost', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.detection));
    await queue.pause(true);
    const res = await api(t, org.apiKey)
      .post('/api/v1/imports')
      .send({
        pdf_base64: fixture('hostile/100-pages.pdf').toString('base64'),
        filename: 'lost.pdf',
        blank_form_attestation: true,
      })
      .expect(202);
    const job = await queue.getJob(res.body.import_id);
    await job!.remove();
    await queue.resume(true);
    await t.app
      .get<Repository<Import>>(getRepositoryToken(Import))
      .query(`UPDATE imports SET updated_at = now() - interval '1 minute' WHERE id = $1`, [res.body.import_id]);
    expect(await t.app.get(ImportsSweeper).sweep()).toBeGreaterThanOrEqual(1);
    const done = await waitForImport(t, org.apiKey, res.body.import_id);
    expect(done.status).toBe('succeeded');
  });
});

describe('admin CLI', () => {
  it('retires a template and issues keys, printing JSON', async () => {
    const t = await createTestApp();
    try {
      const org = await createOrg(t.app);
      const done = await importPdf(t, org.apiKey, fixture('hostile/100-pages.pdf'));
      const root = join(__dirname, '..', '..');
      const run = (...args: string[]) =>
        JSON.parse(
          execFileSync(
            process.execPath,
            ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/admin/cli.ts', ...args],
            {
              cwd: root,
              env: process.env,
              encoding: 'utf8',
            },
          ),
        );
      expect(run('templates:retire', '--template', done.template_id!)).toMatchObject({
        template_id: done.template_id,
        status: 'retired',
      });
      const key = run(
        'keys:create',
        '--org',
        org.orgId,
        '--name',
        'EHR sync',
        '--scopes',
        'imports:write,templates:read',
      );
      expect(key.api_key).toMatch(/^edfk_live_/);
      await api(t, key.api_key).get('/api/v1/ping').expect(200);
      expect(run('keys:revoke', '--key', key.key_id).revoked_at).toMatch(/Z$/);
      await api(t, key.api_key).get('/api/v1/ping').expect(401);
    } finally {
      await t.close();
    }
  });
});
