import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { FillLink } from 'src/fill-links/entities/fill-link.entity';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { templateFrom, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { ADMIN } from 'test/utils/admin-token';

describe('POST /fill-links', () => {
  let t: TestApp;
  let org: TestOrg;
  let templateId: string;
  let fields: Field[];
  const text = () => fields.find((f) => f.kind === 'text')!;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    ({ templateId, fields } = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf'));
  });
  afterAll(() => t.close());

  it('answers 201 with the decisions.md keys; the URL carries only the short code', async () => {
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({
        template_id: templateId,
        external_ref: 'appt-42',
        values: [{ field_id: text().field_id, value: 'Rivera', locked: true }],
      })
      .expect(201);
    expect(res.body).toEqual({
      fill_link_id: expect.stringMatching(/^fl_[0-9A-Za-z]{20,}$/),
      template_id: templateId,
      short_code: expect.stringMatching(/^[0-9A-Za-z]{10}$/),
      url: `http://127.0.0.1:3999/f/${res.body.short_code}`,
      created_at: expect.stringMatching(/Z$/),
      external_ref: 'appt-42',
      max_responses: 0,
      values: [{ field_id: text().field_id, value: 'Rivera', locked: true }],
    });
    expect(res.body).not.toHaveProperty('expires_at');
    expect(res.body.url).not.toContain('Rivera');
  });

  it('stores prefill values encrypted at rest', async () => {
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, values: [{ field_id: text().field_id, value: 'Sensitive-Surname-XYZ' }] })
      .expect(201);
    const rows: { values: Buffer }[] = await t.app
      .get<Repository<FillLink>>(getRepositoryToken(FillLink))
      .query('SELECT values FROM fill_links WHERE id = $1', [res.body.fill_link_id]);
    expect(rows[0].values.includes(Buffer.from('Sensitive-Surname-XYZ'))).toBe(false);
  });

  it('sets expires_at from expires_in_days, and 0 means never', async () => {
    const week = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, expires_in_days: 7 })
      .expect(201);
    const expected = Date.now() + 7 * 86_400_000;
    expect(Math.abs(new Date(week.body.expires_at).getTime() - expected)).toBeLessThan(60_000);
    const never = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, expires_in_days: 0, max_responses: 0 })
      .expect(201);
    expect(never.body).not.toHaveProperty('expires_at');
  });

  it('accepts external_ref of 256 characters and refuses 257', async () => {
    await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, external_ref: 'r'.repeat(256) })
      .expect(201);
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, external_ref: 'r'.repeat(257) })
      .expect(400);
    expect(res.body.error).toContain('external_ref');
  });

  it('checks 200 values against the field map (all reported in one 422) and refuses 201 values with 400', async () => {
    const values = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ field_id: `fld_unknown${String(i).padStart(20, '0')}`, value: 'x' }));
    const ok = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, values: values(200) })
      .expect(422);
    expect(ok.body.invalid_values).toHaveLength(200);
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, values: values(201) })
      .expect(400);
    expect(res.body.error).toContain('values');
  });

  it('reports unknown_field and not_prefillable together in one 422 INVALID_VALUES', async () => {
    const signature = fields.find((f) => f.kind === 'signature')!;
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({
        template_id: templateId,
        values: [
          { field_id: text().field_id, value: 'ok' },
          { field_id: 'fld_doesnotexist0000000000', value: 'x' },
          { field_id: signature.field_id, value: 'x' },
        ],
      })
      .expect(422);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: 'INVALID_VALUES',
      invalid_values: [
        { field_id: 'fld_doesnotexist0000000000', reason: 'unknown_field' },
        { field_id: signature.field_id, reason: 'not_prefillable' },
      ],
    });
  });

  it('refuses a value of the wrong type with 400 naming the field', async () => {
    const date = fields.find((f) => f.kind === 'date')!;
    const choice = fields.find((f) => f.kind === 'select_one')!;
    for (const [field, value] of [
      [text(), 42],
      [date, '04/12/1990'],
      [date, '1990-02-30'],
      [choice, 'yes'],
    ] as const) {
      const res = await api(t, org.apiKey)
        .post('/api/v1/fill-links')
        .send({ template_id: templateId, values: [{ field_id: field.field_id, value }] })
        .expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining(field.field_id), code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses two true options of one select_one question', async () => {
    const q = fields.find((f) => f.kind === 'select_one')!.question_id;
    const options = fields.filter((f) => f.question_id === q);
    const res = await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({
        template_id: templateId,
        values: options.slice(0, 2).map((o) => ({ field_id: o.field_id, value: true })),
      })
      .expect(400);
    expect(res.body.error).toContain('one choice');
  });

  it.each([
    ['expires_in_days -1', { expires_in_days: -1 }],
    ['expires_in_days 1.5', { expires_in_days: 1.5 }],
    ['max_responses -1', { max_responses: -1 }],
    ['max_responses "3"', { max_responses: '3' }],
    ['locked "yes"', { values: [{ field_id: 'fld_x', value: 'a', locked: 'yes' }] }],
  ])('refuses %s with 400', async (_, extra) => {
    await api(t, org.apiKey)
      .post('/api/v1/fill-links')
      .send({ template_id: templateId, ...extra })
      .expect(400);
  });

  it("answers 404 for another organization's template, a retired one and a garbage id", async () => {
    const other = await createOrg(t.app);
    await api(t, other.apiKey).post('/api/v1/fill-links').send({ template_id: templateId }).expect(404);
    await api(t, org.apiKey).post('/api/v1/fill-links').send({ template_id: 'tpl_nope' }).expect(404);
    const retired = await templateFrom(t, org.apiKey, 'hostile/100-pages.pdf');
    await api(t, ADMIN).post(`/admin/v1/templates/${retired.templateId}/retire`).expect(200);
    await api(t, org.apiKey).post('/api/v1/fill-links').send({ template_id: retired.templateId }).expect(404);
  });

  it('replays a retried POST with the same Idempotency-Key', async () => {
    const body = { template_id: templateId, external_ref: 'idem' };
    const a = await api(t, org.apiKey).post('/api/v1/fill-links').set('Idempotency-Key', 'fl-1').send(body).expect(201);
    const b = await api(t, org.apiKey).post('/api/v1/fill-links').set('Idempotency-Key', 'fl-1').send(body).expect(201);
    expect(b.body).toEqual(a.body);
  });
});
