import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame } from 'playwright-core';
import { PNG_1X1 } from 'test/utils/brand';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { launchBrowser } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, templateFrom, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { waitFor } from 'test/utils/wait-for';
import { ADMIN } from 'test/utils/admin-token';

jest.setTimeout(120_000);

/** A partner's portal on another local origin: a page that frames the fill page and records every message. */
async function startPortal(): Promise<{ origin: string; server: Server; framing: (src: string) => string }> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = pages.get(url.pathname) ?? `<!doctype html><title>Finished</title><p id="finished">${url.search}</p>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    server,
    framing: (src) => {
      const path = `/portal-${++n}`;
      pages.set(
        path,
        `<!doctype html><title>Portal</title>
         <script>
           window.messages = [];
           window.addEventListener('message', (e) => window.messages.push({ origin: e.origin, data: e.data }));
         </script>
         <iframe id="intake" src="${src}" style="width:400px;height:800px"></iframe>`,
      );
      return `${origin}${path}`;
    },
  };
}

interface Message {
  origin: string;
  data: { type: string; fill_link_id: string; step?: number; submission_id?: string };
}

/** Fills what a step shows with distinctive values (so that no message can carry one unnoticed). */
async function fillStep(frame: Frame, stepIndex: number, typed: string[], formats: Map<string, string>): Promise<void> {
  const step = frame.locator(`section.step[data-step="${stepIndex}"]`);
  const inputs = step.locator('input[data-field-id]:not([type=radio]):not([type=checkbox]):not([readonly])');
  for (let i = 0; i < (await inputs.count()); i++) {
    const kind = await inputs.nth(i).getAttribute('data-kind');
    const format = formats.get((await inputs.nth(i).getAttribute('data-field-id'))!);
    const value =
      format === 'zip'
        ? '75201'
        : format === 'ssn'
          ? '123-45-6789'
          : kind === 'date'
            ? '1987-03-14'
            : kind === 'email'
              ? `zq${typed.length}@example.org`
              : kind === 'phone'
                ? '604 555 0188'
                : kind === 'number'
                  ? '7319'
                  : kind === 'initials'
                    ? 'QX'
                    : `Secret answer ${typed.length} Zyx`;
    await inputs.nth(i).fill(value);
    typed.push(value);
  }
  const radios = step.locator('input[type=radio][data-field-id]');
  const groups = new Set<string>();
  for (let i = 0; i < (await radios.count()); i++) {
    const name = (await radios.nth(i).getAttribute('name'))!;
    if (!groups.has(name)) await radios.nth(i).check();
    groups.add(name);
  }
  const boxes = step.locator('input[type=checkbox][data-field-id]');
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
  const selects = step.locator('select[data-question-id]');
  for (let i = 0; i < (await selects.count()); i++) {
    const option = selects.nth(i).locator('option[data-field-id]').first();
    await selects.nth(i).selectOption(await option.getAttribute('value'));
  }
  const canvases = step.locator('canvas[data-field-id]');
  for (let i = 0; i < (await canvases.count()); i++) {
    const box = (await canvases.nth(i).boundingBox())!;
    const mouse = frame.page().mouse;
    await mouse.move(box.x + 20, box.y + box.height / 2);
    await mouse.down();
    for (let s = 1; s <= 10; s++) await mouse.move(box.x + 20 + s * 15, box.y + box.height / 2 + (s % 2 ? 10 : -10));
    await mouse.up();
  }
}

describe('embedding the fill page in a partner portal (Chromium, another local origin)', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let portal: Awaited<ReturnType<typeof startPortal>>;
  let stranger: Awaited<ReturnType<typeof startPortal>>;
  let templateId: string;
  let fields: Field[];

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    portal = await startPortal();
    stranger = await startPortal();
    await api(t, ADMIN)
      .patch(`/admin/v1/orgs/${org.orgId}`)
      .send({
        fill_frame_ancestors: [portal.origin],
        display_name: 'Northwind Family Clinic',
        brand_color: '#14532D',
        logo: PNG_1X1.toString('base64'),
      })
      .expect(200);
    ({ templateId, fields } = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([portal, stranger].map((p) => new Promise((r) => p.server.close(r))));
    await t.close();
  });

  it('loads in the portal, posts ids only to the portal, shows the brand, and sends the patient on', async () => {
    const prefillField = fields.find((f) => f.kind === 'text')!;
    const prefill = 'Prefilled Qwv Mariposa';
    const link = await createLink(t, org.apiKey, {
      template_id: templateId,
      redirect_url: `${portal.origin}/finished?visit=7`,
      values: [{ field_id: prefillField.field_id, value: prefill, locked: false }],
    });
    const page = await browser.newPage();
    try {
      await page.goto(portal.framing(link.url.replace(t.settings.PUBLIC_BASE_URL, t.baseUrl)));
      const frame = page.frame({ url: /\/f\// })!;
      await frame.waitForSelector('#fill-form');
      const messages = () => page.evaluate(() => (window as unknown as { messages: Message[] }).messages);
      await page.waitForFunction(() => (window as unknown as { messages: unknown[] }).messages.length >= 1);

      // The clinic's brand at the top: logo (served from the service's origin), name, colour on the buttons.
      expect(await frame.locator('.brand-name').textContent()).toBe('Northwind Family Clinic');
      expect(await frame.locator('img.brand-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      expect(
        await frame.locator('#submit-button').evaluate((b) => getComputedStyle(b).getPropertyValue('--primary')),
      ).toMatch(/#14532D/i);

      const typed: string[] = [];
      const formats = new Map(fields.filter((f) => f.format).map((f) => [f.field_id, f.format!]));
      const stepCount = await frame.locator('section.step').count();
      expect(stepCount).toBeGreaterThan(1);
      for (let i = 0; i < stepCount; i++) {
        await fillStep(frame, i, typed, formats);
        if (i < stepCount - 1) await frame.getByRole('button', { name: 'Next' }).click();
      }
      await frame.locator('button[type=submit]').click();
      const finished = await waitFor(async () => page.frames().find((f) => f.url().includes('/finished')), 30_000, 50);
      await finished.waitForSelector('#finished');

      const all = await messages();
      const submissionId = (await api(t, org.apiKey).get('/api/v1/submissions').expect(200)).body.submissions[0]
        .submission_id as string;
      expect(all.map((m) => m.data.type)).toEqual([
        'edform:loaded',
        ...Array.from({ length: stepCount - 1 }, () => 'edform:step'),
        'edform:submitted',
      ]);
      expect(all.map((m) => m.data.step)).toEqual([
        undefined,
        ...Array.from({ length: stepCount - 1 }, (_, i) => i + 2),
        undefined,
      ]);
      expect(all.at(-1)!.data).toEqual({
        type: 'edform:submitted',
        fill_link_id: link.fill_link_id,
        submission_id: submissionId,
      });
      for (const m of all) {
        expect(m.origin).toBe(new URL(t.baseUrl).origin);
        for (const key of Object.keys(m.data)) expect(['type', 'fill_link_id', 'step', 'submission_id']).toContain(key);
        expect(m.data.fill_link_id).toBe(link.fill_link_id);
      }
      // Ids only: no answer and no prefill value in any message.
      const wire = JSON.stringify(all);
      for (const value of [...typed, prefill]) expect(wire).not.toContain(value);
      expect(typed.length).toBeGreaterThan(3);

      // The done page sent the patient to the redirect_url with the submission's id, inside the portal's frame.
      expect(new URL(finished.url()).searchParams.get('submission_id')).toBe(submissionId);
      expect(new URL(finished.url()).searchParams.get('visit')).toBe('7');
    } finally {
      await page.close();
    }
  });

  it('another origin cannot frame it: CSP frame-ancestors lists the allowed origins only', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const res = await api(t).get(`/f/${link.short_code}`).expect(200);
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${portal.origin}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const page = await browser.newPage();
    try {
      const blocked = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
      await page.goto(stranger.framing(`${t.baseUrl}/f/${link.short_code}`));
      await blocked;
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      expect(await frame.$('#fill-form')).toBeNull();
      expect(await page.evaluate(() => (window as unknown as { messages: unknown[] }).messages)).toEqual([]);
    } finally {
      await page.close();
    }
    // An organization that allows no origin: 'none'.
    const other = await createOrg(t.app);
    const otherTemplate = await templateFrom(t, other.apiKey, 'word-table-1032.flat.pdf');
    const plain = await createLink(t, other.apiKey, { template_id: otherTemplate.templateId });
    const closed = await api(t).get(`/f/${plain.short_code}`).expect(200);
    expect(closed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(closed.text).not.toContain('data-parent-origins');
  });
});
