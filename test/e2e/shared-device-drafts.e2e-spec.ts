/**
 * Drafts on a shared device (issue 18, point 5): the next person opening the same link in the same browser sees no
 * answers until they choose Continue; Start over deletes the draft on the server; and a page that did not load the
 * stored draft (a shared device, a page opened without the cookie) never overwrites it. Real Chromium, real
 * database.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { MOBILE_360, launchBrowser } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { smallForm } from 'test/utils/small-form';
import { FillDraft } from 'src/fill-page/entities/fill-draft.entity';

jest.setTimeout(120_000);

describe('drafts on a shared device', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let context: BrowserContext;
  let templateId: string;
  let textId: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    const done = await importPdf(t, org.apiKey, await smallForm());
    templateId = done.template_id!;
    const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body
      .fields as Field[];
    textId = fields.find((f) => f.kind === 'text')!.field_id;
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    context = await browser.newContext(MOBILE_360);
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The stored drafts of a link, decrypted through the service's own column transformer. */
  const storedDrafts = async (linkId: string): Promise<{ id: string; answers: Record<string, unknown> }[]> => {
    const rows = await t.app
      .get(DataSource)
      .getRepository(FillDraft)
      .find({ where: { fillLinkId: linkId } });
    return rows.map((r) => ({ id: r.id, answers: r.data.answers }));
  };

  const fillAndSave = async (page: Page, value: string): Promise<void> => {
    const saved = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'PUT');
    await page.locator(`[data-field-id="${textId}"]`).fill(value);
    expect((await saved).status()).toBe(204);
  };

  it('shows the next person no answers until Continue; Start over deletes the draft on the server', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'shared-1' });
    const url = `${t.baseUrl}/f/${link.short_code}`;

    // Person A fills part of the form and leaves.
    let page = await context.newPage();
    await page.goto(url);
    expect(await page.isVisible('#resume-offer')).toBe(false);
    await fillAndSave(page, 'Rivera');
    await page.close();
    expect((await storedDrafts(link.fill_link_id)).map((d) => d.answers[textId])).toEqual(['Rivera']);

    // Person B opens the same link in the same browser: an offer, an empty form, and A's answer not in the page.
    page = await context.newPage();
    await page.goto(url);
    expect(await page.isVisible('#resume-offer')).toBe(true);
    expect(await page.getByRole('heading', { name: 'Continue where you left off?' }).isVisible()).toBe(true);
    expect(await page.locator(`[data-field-id="${textId}"]`).inputValue()).toBe('');
    expect(await page.content()).not.toContain('Rivera');
    // Both choices are buttons reachable from the keyboard.
    await page.getByRole('button', { name: 'Continue' }).focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start over');

    // Continue: the draft's answers appear, and saving on updates the same draft.
    await Promise.all([page.waitForURL(/resume=1/), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.locator(`[data-field-id="${textId}"]`).inputValue()).toBe('Rivera');
    expect(await page.isVisible('#resume-offer')).toBe(false);
    await fillAndSave(page, 'Rivera Gómez');
    const [kept] = await storedDrafts(link.fill_link_id);
    expect(kept.answers[textId]).toBe('Rivera Gómez');
    await page.close();

    // Start over from the offer: the draft is gone on the server and the page reloads empty, with no offer.
    page = await context.newPage();
    await page.goto(`${url}?lang=es`);
    expect(await page.getByRole('heading', { name: '¿Continuar donde lo dejó?' }).isVisible()).toBe(true);
    const deleted = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Empezar de nuevo' }).click();
    expect((await deleted).status()).toBe(204);
    await page.waitForLoadState('load');
    await page.waitForSelector('#fill-form');
    expect(await storedDrafts(link.fill_link_id)).toEqual([]);
    expect(await page.isVisible('#resume-offer')).toBe(false);
    expect(await page.locator(`[data-field-id="${textId}"]`).inputValue()).toBe('');
    await page.close();
  });

  it('never overwrites a draft the page did not load', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'shared-2' });
    const url = `${t.baseUrl}/f/${link.short_code}`;
    let page = await context.newPage();
    await page.goto(url);
    await fillAndSave(page, 'Rivera');
    await page.close();
    const [before] = await storedDrafts(link.fill_link_id);

    // A page that did not load the draft (here: the offer ignored, as on a page opened without the cookie) types:
    // its save reaches the server with the cookie but names no draft, and is refused; the page stops saving.
    page = await context.newPage();
    await page.goto(url);
    const refused = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'PUT');
    await page.locator(`[data-field-id="${textId}"]`).fill('Someone else');
    expect((await refused).status()).toBe(409);
    let later = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/draft') && r.method() === 'PUT') later++;
    });
    await page.locator(`[data-field-id="${textId}"]`).fill('Someone else again');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(later).toBe(0);
    await page.close();
    expect(await storedDrafts(link.fill_link_id)).toEqual([before]);

    // Through the API: a save naming another draft, or none, with this browser's cookie is refused; the stored
    // answers stay as they were.
    const cookies = await context.cookies(url);
    const cookie = cookies.find((c) => c.name === 'fill_draft')!;
    expect(cookie.sameSite).toBe('Lax');
    for (const draftId of ['none', 'fd_notthedraft', undefined]) {
      const res = await api(t)
        .put(`/f/${link.short_code}/draft`)
        .set('Cookie', `fill_draft=${cookie.value}`)
        .send({ answers: { [textId]: 'Overwritten' }, ...(draftId ? { draft_id: draftId } : {}) })
        .expect(409);
      expect(res.body.error).toContain('did not load');
    }
    expect(await storedDrafts(link.fill_link_id)).toEqual([before]);
    // The page that loaded it (draft_id = its id) saves on.
    await api(t)
      .put(`/f/${link.short_code}/draft`)
      .set('Cookie', `fill_draft=${cookie.value}`)
      .send({ answers: { [textId]: 'Rivera 2' }, draft_id: before.id })
      .expect(204);
    expect((await storedDrafts(link.fill_link_id))[0].answers[textId]).toBe('Rivera 2');
  });
});
