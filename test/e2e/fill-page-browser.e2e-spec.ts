import type { Browser } from 'playwright-core';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { launchBrowser, openMobilePage } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import {
  createLink,
  latestSubmissionId,
  templateFrom,
  waitForPdfReady,
  type Field,
  completedPdf,
} from 'test/utils/forms';
import { api } from 'test/utils/http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real service, a real template, Debian's chromium at phone width: fill, sign, submit, read back. */
describe('the hosted fill page in a real browser', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let templateId: string;
  let fields: Field[];

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    ({ templateId, fields } = await templateFrom(t, org.apiKey, 'word-table-1032.flat.pdf'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('is filled at 360 px (every control, a drawn signature), submitted, and read back through the API', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'browser-1' });
    const { context, page } = await openMobilePage(browser, `${t.baseUrl}/f/${link.short_code}`);
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      const typed = new Map<string, string>();
      const chosen = new Set<string>();
      let signed = 0;
      // The page shows one step at a time: fill what the step shows, then Next (Submit on the last). Choices go
      // first: ticking an option can show its follow-up question (answer rules), which is then filled too.
      for (let steps = 0; ; steps++) {
        expect(steps).toBeLessThan(20);
        const step = page.locator('section.step:not([hidden])');
        expect(await step.count()).toBe(1);
        const shown = (selector: string) => step.locator(`[data-field-wrapper]:not([hidden]) ${selector}`);
        const groups = new Set<string>();
        for (let pass = 0; pass < 3; pass++) {
          const radios = shown('input[type=radio][data-field-id]');
          for (let i = 0; i < (await radios.count()); i++) {
            const radio = radios.nth(i);
            const group = (await radio.getAttribute('name'))!;
            if (groups.has(group)) continue;
            groups.add(group);
            await radio.check();
            chosen.add((await radio.getAttribute('data-field-id'))!);
          }
          const box = shown('input[type=checkbox][data-field-id]:not(:checked)').first();
          while ((await shown('input[type=checkbox][data-field-id]:not(:checked)').count()) > 0) {
            chosen.add((await box.getAttribute('data-field-id'))!);
            await box.check();
          }
        }
        const selects = shown('select[data-question-id]');
        for (let i = 0; i < (await selects.count()); i++) {
          const option = selects.nth(i).locator('option[data-field-id]').first();
          await selects.nth(i).selectOption(await option.getAttribute('value'));
          chosen.add((await option.getAttribute('data-field-id'))!);
        }
        const inputs = shown('input[data-field-id]:not([type=radio]):not([type=checkbox])');
        for (let i = 0; i < (await inputs.count()); i++) {
          const input = inputs.nth(i);
          const id = (await input.getAttribute('data-field-id'))!;
          const kind = (await input.getAttribute('data-format')) ?? (await input.getAttribute('data-kind'));
          // Each kind gets a value its rule accepts (the page and the server check them).
          const value =
            kind === 'date' || kind === 'birth_date'
              ? '1990-04-12'
              : kind === 'email'
                ? `p${typed.size}@example.org`
                : kind === 'phone'
                  ? '604 555 0134'
                  : kind === 'number'
                    ? '42'
                    : kind === 'initials'
                      ? 'ZA'
                      : kind === 'zip'
                        ? '75201'
                        : kind === 'ssn'
                          ? '123-45-6789'
                          : `Answer${typed.size}`;
          await input.fill(value);
          typed.set(id, value);
        }
        const canvases = shown('canvas[data-field-id]');
        for (let i = 0; i < (await canvases.count()); i++) {
          const canvas = canvases.nth(i);
          await canvas.scrollIntoViewIfNeeded();
          const box = (await canvas.boundingBox())!;
          await page.mouse.move(box.x + 20, box.y + box.height / 2);
          await page.mouse.down();
          for (let s = 1; s <= 12; s++)
            await page.mouse.move(box.x + 20 + s * 15, box.y + box.height / 2 + (s % 2 ? 12 : -12));
          await page.mouse.up();
          signed++;
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const next = page.getByRole('button', { name: 'Next' });
        if (!(await next.isVisible())) break;
        await next.click();
        // Next refuses a step with a problem: say which, instead of looping
        expect(await page.locator('#error-summary:not([hidden])').allTextContents()).toEqual([]);
      }
      expect(signed).toBe(fields.filter((f) => f.kind === 'signature').length);

      const response = page.waitForResponse((r) => r.url().endsWith('/submit'));
      await page.locator('button[type=submit]').click();
      const submitted = await response;
      expect({ status: submitted.status(), body: submitted.status() === 201 ? null : await submitted.text() }).toEqual({
        status: 201,
        body: null,
      });
      await page.waitForURL(`**/f/${link.short_code}/done?lang=en`);
      expect(await page.textContent('body')).toMatch(/received/i);

      const id = await latestSubmissionId(t, org.apiKey);
      const submission = (await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200)).body;
      expect(submission).toMatchObject({ fill_link_id: link.fill_link_id, external_ref: 'browser-1' });
      for (const [fieldId, value] of typed) expect(submission.answers[fieldId]).toBe(value);
      for (const fieldId of chosen) expect(submission.answers[fieldId]).toBe(true);
      await waitForPdfReady(t, org.apiKey, id);
      const pdfBytes = await completedPdf(t, org.apiKey, id);
      const dir = mkdtempSync(join(tmpdir(), 'edform-browser-'));
      writeFileSync(join(dir, 'out.pdf'), pdfBytes);
      execFileSync('qpdf', ['--check', join(dir, 'out.pdf')], { stdio: 'pipe' });
      const text = execFileSync('pdftotext', [join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain([...typed.values()].find((v) => v.startsWith('Answer'))!);
      // The signature was drawn into the PDF as an image.
      expect(
        execFileSync('pdfimages', ['-list', join(dir, 'out.pdf')], { encoding: 'utf8' }).split('\n').length,
      ).toBeGreaterThan(3);
      expect(violations.filter((v) => /Content Security Policy/i.test(v))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders the Swagger UI (its assets load under the security headers)', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${t.baseUrl}/docs`, { waitUntil: 'load' });
      await page.waitForSelector('.swagger-ui .info .title', { timeout: 15_000 });
      expect(await page.textContent('.swagger-ui .info .title')).toContain('Partner API');
      expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    } finally {
      await page.close();
    }
  });

  it('has no serious or critical axe violations on the real form page', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const { context, page } = await openMobilePage(browser, `${t.baseUrl}/f/${link.short_code}`, { bypassCSP: true });
    try {
      await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
      const results = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (o: object) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
          }
        ).axe;
        return (await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }))
          .violations;
      });
      const serious = results
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.nodes.length})`);
      expect(serious).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
