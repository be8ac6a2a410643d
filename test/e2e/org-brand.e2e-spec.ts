import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG_1X1 } from 'test/utils/brand';
import { createOrg } from 'test/factories/organizations.factory';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { smallForm } from 'test/utils/small-form';
import { ADMIN } from 'test/utils/admin-token';

const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(document.cookie)</script>' +
  '<rect width="10" height="10"/></svg>';
const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="10" height="10" fill="#1A5FB4"/>' +
  '<foreignObject><div>x</div></foreignObject></svg>';

describe('organization brand and fill page embedding (admin API, CLI, logo serving, redirect_url)', () => {
  let t: TestApp;
  const newOrg = async () =>
    (await api(t, ADMIN).post('/admin/v1/orgs').send({ name: 'Brand test', partner_api_enabled: true }).expect(201))
      .body as { org_id: string };
  const patch = (orgId: string, body: object) => api(t, ADMIN).patch(`/admin/v1/orgs/${orgId}`).send(body);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets display name, colour and a PNG logo, served from this origin under its content hash for a year', async () => {
    const { org_id } = await newOrg();
    // A logo of this test alone: logos are served by content hash, and another spec's organization may hold PNG_1X1.
    const png = Buffer.concat([PNG_1X1, randomBytes(16)]);
    const res = await patch(org_id, {
      display_name: 'Northwind Family Clinic',
      brand_color: '#1a5fb4',
      logo: png.toString('base64'),
    }).expect(200);
    expect(res.body).toMatchObject({
      display_name: 'Northwind Family Clinic',
      brand_color: '#1A5FB4',
      logo_url: expect.stringMatching(new RegExp(`^${t.settings.PUBLIC_BASE_URL}/logos/[0-9a-f]{64}\\.png$`)),
      fill_frame_ancestors: [],
    });
    const path = new URL(res.body.logo_url as string).pathname;
    const logo = await api(t).get(path).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(logo.body as Buffer, png)).toBe(0);
    await api(t).get(path.replace('.png', '.svg')).expect(404);
    await api(t).get('/logos/not-a-hash.png').expect(404);
    // Clearing: null removes the logo (its URL is gone) and the colour.
    const cleared = await patch(org_id, { logo: null, brand_color: null }).expect(200);
    expect(cleared.body).toMatchObject({ logo_url: null, brand_color: null, display_name: 'Northwind Family Clinic' });
    await api(t).get(path).expect(404);
  });

  it('refuses a colour under 4.5:1 against white, and changes nothing else of that request', async () => {
    const { org_id } = await newOrg();
    await patch(org_id, { brand_color: '#767676' }).expect(200);
    const res = await patch(org_id, { brand_color: '#777777', display_name: 'Changed' }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/4\.47:1.*4\.5:1/) });
    const list = await api(t, ADMIN).get('/admin/v1/orgs').expect(200);
    const org = (list.body.orgs as { org_id: string }[]).find((o) => o.org_id === org_id);
    expect(org).toMatchObject({ brand_color: '#767676', display_name: null });
    await patch(org_id, { brand_color: 'navy' }).expect(400);
  });

  it('an SVG with a script never reaches a browser: refused; a clean one is sanitized and served inert', async () => {
    const { org_id } = await newOrg();
    const refused = await patch(org_id, { logo: Buffer.from(SCRIPTED_SVG).toString('base64') }).expect(400);
    expect(refused.body.error).toMatch(/logo: the SVG holds script/);
    const all = await api(t, ADMIN).get('/admin/v1/orgs').expect(200);
    expect((all.body.orgs as { org_id: string }[]).find((o) => o.org_id === org_id)).toMatchObject({ logo_url: null });
    const ok = await patch(org_id, { logo: Buffer.from(CLEAN_SVG).toString('base64') }).expect(200);
    const served = await api(t)
      .get(new URL(ok.body.logo_url as string).pathname)
      .buffer(true)
      .expect(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const text = (served.body as Buffer).toString('utf8');
    expect(text).toContain('<rect width="10" height="10" fill="#1A5FB4"');
    expect(text).not.toMatch(/script|foreignObject/i);
  });

  it('refuses a logo over 200 KB (204,800 bytes), and one that is neither PNG nor SVG', async () => {
    const { org_id } = await newOrg();
    const atLimit = Buffer.concat([PNG_1X1, Buffer.alloc(204_800 - PNG_1X1.length)]);
    await patch(org_id, { logo: atLimit.toString('base64') }).expect(200);
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    const res = await patch(org_id, { logo: over.toString('base64') }).expect(400);
    expect(res.body.error).toMatch(/204801 bytes; at most 204800/);
    const gif = await patch(org_id, { logo: Buffer.from('GIF89a....').toString('base64') }).expect(400);
    expect(gif.body.error).toMatch(/PNG or an SVG/);
    await patch(org_id, { logo: 'not base64!' }).expect(400);
  });

  it('fill_frame_ancestors: exact https origins (http here, since tests allow insecure outbound)', async () => {
    const { org_id } = await newOrg();
    const res = await patch(org_id, {
      fill_frame_ancestors: ['https://portal.example.com', 'http://127.0.0.1:5000'],
    }).expect(200);
    expect(res.body.fill_frame_ancestors).toEqual(['https://portal.example.com', 'http://127.0.0.1:5000']);
    for (const bad of ['https://portal.example.com/path', 'https://*.example.com', 'ftp://x.example.com', 'portal']) {
      const refused = await patch(org_id, { fill_frame_ancestors: [bad] }).expect(400);
      expect(refused.body.error).toMatch(/^fill_frame_ancestors: /);
    }
  });

  it('redirect_url on POST /fill-links must be on one of the allowed origins', async () => {
    const org = await createOrg(t.app);
    const done = await importPdf(t, org.apiKey, await smallForm());
    const link = (body: object) =>
      api(t, org.apiKey)
        .post('/api/v1/fill-links')
        .send({ template_id: done.template_id, ...body });
    const none = await link({ redirect_url: 'https://portal.example.com/done' }).expect(400);
    expect(none.body.error).toMatch(/redirect_url .*fill_frame_ancestors/);
    await patch(org.orgId, { fill_frame_ancestors: ['https://portal.example.com'] }).expect(200);
    const created = await link({ redirect_url: 'https://portal.example.com/done?visit=7' }).expect(201);
    expect(created.body.redirect_url).toBe('https://portal.example.com/done?visit=7');
    const other = await link({ redirect_url: 'https://elsewhere.example.com/done' }).expect(400);
    expect(other.body.error).toMatch(/https:\/\/portal\.example\.com/);
    await link({ redirect_url: 'javascript:alert(1)' }).expect(400);
    const plain = await link({}).expect(201);
    expect(plain.body).not.toHaveProperty('redirect_url');
  });

  it('the CLI sets the same: orgs:update --display-name --brand-color --logo --fill-frame-ancestors', async () => {
    const { org_id } = await newOrg();
    const dir = mkdtempSync(join(tmpdir(), 'logo-'));
    writeFileSync(join(dir, 'logo.svg'), CLEAN_SVG);
    writeFileSync(join(dir, 'bad.svg'), SCRIPTED_SVG);
    const run = (...args: string[]) =>
      execFileSync(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/admin/cli.ts', ...args],
        { cwd: join(__dirname, '..', '..'), env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    const out = JSON.parse(
      run(
        'orgs:update',
        '--org',
        org_id,
        '--display-name',
        'Clinica Sur',
        '--brand-color',
        '#14532D',
        '--logo',
        join(dir, 'logo.svg'),
        '--fill-frame-ancestors',
        'https://portal.example.com,https://app.example.org',
      ),
    ) as Record<string, unknown>;
    expect(out).toMatchObject({
      display_name: 'Clinica Sur',
      brand_color: '#14532D',
      logo_url: expect.stringMatching(/\/logos\/[0-9a-f]{64}\.svg$/),
      fill_frame_ancestors: ['https://portal.example.com', 'https://app.example.org'],
    });
    expect(() => run('orgs:update', '--org', org_id, '--logo', join(dir, 'bad.svg'))).toThrow(/holds script/);
  });
});
