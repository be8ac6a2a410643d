import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { EditorSessionClock } from 'src/editor-sessions/editor-session-clock';
import { TemplatesService } from 'src/templates/templates.service';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { launchBrowser } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, latestSubmissionId, waitForPdfReady, type Field } from 'test/utils/forms';
import { api } from 'test/utils/http';
import { importPdf } from 'test/utils/imports';
import { registerWebhook, startReceiver, verifySignature, type WebhookReceiver } from 'test/utils/webhook-receiver';

/** CSS px per PDF point at 100% zoom in the editor (public/editor/src/pdf-view.ts BASE_SCALE). */
const SCALE = 1.25;
const PAGE_HEIGHT = 792;
type Axe = { run(o: object): Promise<{ violations: { id: string; impact: string }[] }> };

/** A flat one-page intake form: five blanks, two lone check boxes and an "office use" line (the junk field). */
async function intakeForm(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, PAGE_HEIGHT]);
  const text = (s: string, x: number, y: number, size = 11, f = font) =>
    page.drawText(s, { x, y, size, font: f, color: rgb(0, 0, 0) });
  const rule = (x1: number, y: number, x2: number) =>
    page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.7, color: rgb(0, 0, 0) });
  const box = (x: number, y: number) =>
    page.drawRectangle({ x, y, width: 10, height: 10, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  text('New Patient Intake', 72, 730, 18, bold);
  // A label at x 72 and a rule under the blank from x1 to x2.
  const blank = (label: string, y: number, x1: number, x2: number) => {
    text(label, 72, y);
    rule(x1, y - 2, x2);
  };
  blank('Last name:', 682, 140, 400);
  blank('First name:', 652, 145, 400);
  blank('Phone:', 622, 120, 300);
  blank('Address:', 562, 125, 400);
  blank('Office use only:', 500, 160, 400);
  box(72, 590);
  text('Email reminders', 88, 591);
  box(300, 530);
  text('Text reminders', 316, 531);
  return Buffer.from(await doc.save());
}

/** PDF point (page 1, no crop offset) → page CSS px relative to the page element, at 100% zoom. */
const toCss = (x: number, y: number) => ({ x: x * SCALE, y: (PAGE_HEIGHT - y) * SCALE });

describe('the template editor in a real browser', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let secret: string;
  let pdf: Buffer;

  async function importForm(): Promise<{ templateId: string; fields: Field[] }> {
    const done = await importPdf(t, org.apiKey, pdf);
    if (done.status !== 'succeeded') throw new Error(`import failed: ${done.error}`);
    const res = await api(t, org.apiKey).get(`/api/v1/templates/${done.template_id}/fields`).expect(200);
    return { templateId: done.template_id!, fields: res.body.fields as Field[] };
  }

  /** Opens an editor session through the API; the URL's path on this test server. */
  async function editorPath(templateId: string): Promise<string> {
    const res = await api(t, org.apiKey).post(`/api/v1/templates/${templateId}/editor-sessions`).expect(201);
    return new URL(res.body.url as string).pathname;
  }

  async function openEditor(
    path: string,
    width = 1280,
    bypassCSP = false,
  ): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US', bypassCSP });
    const page = await context.newPage();
    const errors: string[] = [];
    // Console errors (CSP refusals among them), and every refused request by URL.
    page.on(
      'console',
      (m) => m.type() === 'error' && !/^Failed to load resource/.test(m.text()) && errors.push(m.text()),
    );
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${new URL(r.url()).pathname}`));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${t.baseUrl}${path}`, { waitUntil: 'load' });
    if (width >= 1024) await page.waitForSelector('#app[data-ready="true"]', { timeout: 30_000 });
    return { page, errors, close: () => context.close() };
  }

  const putFields = (path: string, body: object) =>
    fetch(`${t.baseUrl}${path}/fields`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const box = (page: Page, fieldId: string) => page.locator(`.box[data-field-id="${fieldId}"]`);
  const byLabel = (fields: Field[], label: string) => fields.find((f) => f.label === label)!;

  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let s = 1; s <= 8; s++)
      await page.mouse.move(from.x + ((to.x - from.x) * s) / 8, from.y + ((to.y - from.y) * s) / 8);
    await page.mouse.up();
  }

  beforeAll(async () => {
    // A fresh clone has no bundle until a build: make it here too, as `npm test` and `npm run build` do.
    execFileSync('node', [join(__dirname, '..', '..', 'scripts', 'build-editor.mjs')], { stdio: 'pipe' });
    t = await createTestApp();
    org = await createOrg(t.app);
    receiver = await startReceiver();
    secret = (await registerWebhook(t, org.apiKey, receiver.url, ['template.updated'])).secret;
    pdf = await intakeForm();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.close();
  });

  it('moves, relabels, draws, groups, deletes, saves and marks reviewed; the API, fill link, PDF and webhook follow', async () => {
    const { templateId, fields } = await importForm();
    const last = byLabel(fields, 'Last name');
    const first = byLabel(fields, 'First name');
    const email = byLabel(fields, 'Email reminders');
    const sms = byLabel(fields, 'Text reminders');
    const office = byLabel(fields, 'Office use only');
    expect([email.kind, sms.kind]).toEqual(['checkbox', 'checkbox']);
    expect(email.question_id).toMatch(/^q_/);
    expect(email.question_id).not.toBe(sms.question_id);

    const editor = await openEditor(await editorPath(templateId));
    const { page } = editor;
    try {
      expect(await page.locator('.box').count()).toBe(fields.length);
      const pageBox = (await page.locator('.pdf-page').first().boundingBox())!;
      const at = (x: number, y: number) => ({ x: pageBox.x + toCss(x, y).x, y: pageBox.y + toCss(x, y).y });

      // Move "First name" 40 pt down: drag its middle.
      const firstBox = (await box(page, first.field_id).boundingBox())!;
      const grab = { x: firstBox.x + firstBox.width / 2, y: firstBox.y + firstBox.height / 2 };
      await drag(page, grab, { x: grab.x, y: grab.y + 40 * SCALE });

      // Relabel "Last name".
      await box(page, last.field_id).click();
      await page.fill('#prop-label', 'Family name');

      // Draw a new field right of "Phone" and label it.
      await drag(page, at(330, 634), at(540, 620));
      await page.fill('#prop-label', 'Preferred pharmacy');
      await page.fill('#prop-prompt', 'Preferred pharmacy');

      // Group the two lone boxes into one "choose one" question, and give it its question.
      await box(page, email.field_id).click();
      await box(page, sms.field_id).click({ modifiers: ['Shift'] });
      await page.click('#group-one');
      await box(page, email.field_id).click();
      await page.fill('#prop-prompt', 'Reminders by');

      // Delete the junk field with the Delete key.
      await box(page, office.field_id).click();
      await page.keyboard.press('Delete');
      expect(await box(page, office.field_id).count()).toBe(0);
      const saved = page.waitForResponse((r) => r.url().includes('/fields') && r.request().method() === 'PUT');
      await page.click('#save');
      expect((await saved).status()).toBe(200);
      await page.waitForSelector('#status:has-text("Saved as version 2")');
      const reviewed = page.waitForResponse((r) => r.url().includes('/review'));
      await page.click('#mark-reviewed');
      expect((await reviewed).status()).toBe(200);
      await page.waitForSelector('#review-state:has-text("Reviewed")');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
    // The API: version 2, kept ids for kept fields, the junk gone, the new field with a new id.
    const v2 = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body;
    expect(v2.version).toBe(2);
    const after = v2.fields as Field[];
    const ids = after.map((f) => f.field_id);
    for (const kept of fields.filter((f) => f !== office)) expect(ids).toContain(kept.field_id);
    expect(ids).not.toContain(office.field_id);
    expect(after).toHaveLength(fields.length);
    const get = (id: string) => after.find((f) => f.field_id === id)!;
    expect(get(last.field_id).label).toBe('Family name');
    const moved = get(first.field_id).rect;
    expect(moved[0]).toBeCloseTo(first.rect[0], 0);
    expect(first.rect[1] - moved[1]).toBeCloseTo(40, 0);
    const drawn = after.find((f) => !fields.some((o) => o.field_id === f.field_id))!;
    expect(drawn).toMatchObject({ kind: 'text', label: 'Preferred pharmacy', page: 1 });
    expect(drawn.rect[0]).toBeGreaterThan(325);
    expect(drawn.rect[2]).toBeLessThan(545);
    const [e, s] = [get(email.field_id), get(sms.field_id)];
    expect([e.kind, s.kind]).toEqual(['select_one', 'select_one']);
    expect(e.question_id).toMatch(/^q/);
    expect(s.question_id).toBe(e.question_id);
    expect([e.prompt, s.prompt]).toEqual(['Reminders by', 'Reminders by']);
    const listed = (await api(t, org.apiKey).get('/api/v1/templates').expect(200)).body.templates as Record<
      string,
      unknown
    >[];
    const entry = listed.find((x) => x.template_id === templateId)!;
    expect(entry).toMatchObject({ version: 2, review_required: false });
    expect(typeof entry.reviewed_at).toBe('string');
    // A fill link serves version 2 at once; a submission's PDF has the answer at the moved rect.
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const form = (await api(t).get(`/f/${link.short_code}/form`).expect(200)).body;
    expect(form.fields.map((f: Field) => f.field_id).sort()).toEqual([...ids].sort());
    await api(t)
      .post(`/f/${link.short_code}/submit`)
      .send({ answers: { [first.field_id]: 'Movedhere', [e.field_id]: true, [s.field_id]: false } })
      .expect(201);
    const submissionId = await latestSubmissionId(t, org.apiKey);
    await waitForPdfReady(t, org.apiKey, submissionId);
    const pdfRes = await fetch(`${t.baseUrl}/api/v1/submissions/${submissionId}/pdf`, {
      headers: { Authorization: `Bearer ${org.apiKey}` },
    });
    expect(pdfRes.status).toBe(200);
    const out = Buffer.from(await pdfRes.arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'edform-editor-'));
    writeFileSync(join(dir, 'out.pdf'), out);
    const bbox = execFileSync('pdftotext', ['-bbox', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Movedhere<\/word>/.exec(bbox);
    expect(word).not.toBeNull();
    const [xMin, yMin, , yMax] = word!.slice(1).map(Number);
    // pdftotext measures from the top: the moved rect [x1, y1, x2, y2] spans 792 - y2 .. 792 - y1.
    expect(xMin).toBeGreaterThanOrEqual(moved[0] - 1);
    expect(yMin).toBeGreaterThanOrEqual(PAGE_HEIGHT - moved[3] - 1);
    expect(yMax).toBeLessThanOrEqual(PAGE_HEIGHT - moved[1] + 1);

    // template.updated arrived, signed.
    const [hook] = await receiver.waitForRequests(1);
    expect(verifySignature(secret, hook.signature, hook.body)).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'template.updated',
      org_id: org.orgId,
      data: { template_id: templateId, version: 2 },
    });
  });

  it('keeps the user’s work on a version conflict and saves it on top of the latest version', async () => {
    const { templateId, fields } = await importForm();
    const last = byLabel(fields, 'Last name');
    const editor = await openEditor(await editorPath(templateId));
    const { page } = editor;
    try {
      await box(page, last.field_id).click();
      await page.fill('#prop-label', 'Surname');
      // Someone else saves version 2 from the same base (through the editor's own service, as a second page would).
      const other = await editorPath(templateId);
      // Read-only keys of GET (confidence, prefillable) are ignored by PUT.
      expect((await putFields(other, { base_version: 1, fields })).status).toBe(200);

      await page.click('#save');
      await page.waitForSelector('#conflict:not([hidden])');
      expect(await page.inputValue('#prop-label')).toBe('Surname');
      const saved = page.waitForResponse((r) => r.url().includes('/fields') && r.request().method() === 'PUT');
      await page.click('#conflict-rebase');
      await page.waitForSelector('#status:has-text("on top of version 2")');
      await page.click('#save');
      expect((await saved).status()).toBe(200);
      await page.waitForSelector('#status:has-text("Saved as version 3")');
      // The browser logs the 409 itself; nothing else may go wrong.
      expect(editor.errors.filter((e) => !/^409 /.test(e))).toEqual([]);
    } finally {
      await editor.close();
    }
    const v3 = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body;
    expect(v3.version).toBe(3);
    expect(v3.fields.find((f: Field) => f.field_id === last.field_id).label).toBe('Surname');
  });

  it('sets a condition by picking its option on the page, draws the link, sets a format, and clears both', async () => {
    const { templateId, fields } = await importForm();
    const address = byLabel(fields, 'Address');
    const email = byLabel(fields, 'Email reminders');
    const phone = byLabel(fields, 'Phone');
    const { page, close } = await openEditor(await editorPath(templateId));
    const saved = async (): Promise<Field[]> => {
      const put = page.waitForResponse((r) => r.url().includes('/fields') && r.request().method() === 'PUT');
      await page.click('#save');
      expect((await put).status()).toBe(200);
      return (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body
        .fields as Field[];
    };
    try {
      await box(page, address.field_id).click();
      expect(await page.textContent('#condition-text')).toBe('Always shown.');
      // A text box cannot show another field: picking it is refused in words.
      await page.click('#condition-pick');
      await box(page, phone.field_id).click();
      expect(await page.textContent('#status')).toBe('Pick a choice option or a check box.');
      await box(page, email.field_id).click();
      expect(await page.textContent('#condition-text')).toBe('Shown only when “Email reminders” is ticked.');
      expect(await page.locator('svg.links line.link').count()).toBe(1);
      await page.selectOption('#prop-format', 'zip');
      expect(await page.locator('#prop-format option[value="birth_date"]').isDisabled()).toBe(true);

      let after = await saved();
      const optionId = after.find((f) => f.label === 'Email reminders')!.field_id;
      expect(after.find((f) => f.label === 'Address')).toMatchObject({
        format: 'zip',
        condition: { field_id: optionId, equals: true },
      });

      // Clearing both: the link goes, the API says null.
      await box(page, after.find((f) => f.label === 'Address')!.field_id).click();
      await page.click('#condition-clear');
      await page.selectOption('#prop-format', '');
      expect(await page.locator('svg.links line.link').count()).toBe(0);
      after = await saved();
      expect(after.find((f) => f.label === 'Address')).toMatchObject({ format: null, condition: null });
    } finally {
      await close();
    }
  });

  it('is keyboard-operable and labelled: Tab walks the boxes in reading order, axe finds nothing serious', async () => {
    const { templateId } = await importForm();
    const path = await editorPath(templateId);
    const editor = await openEditor(path);
    const { page } = editor;
    try {
      const order = await page.locator('.box').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(order[0]).toMatch(/^Text: Last name/);
      expect(order.filter((label) => label?.startsWith('Check box: ')).length).toBeGreaterThan(1);
      await page.locator('.box').first().focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/First name/);
      expect(await page.locator('.box[aria-pressed="true"]').count()).toBe(1);
      await page.keyboard.press('Shift+ArrowDown');
      expect(await page.locator('#undo').isEnabled()).toBe(true);
      await page.keyboard.press('Control+z');
      expect(await page.locator('#undo').isEnabled()).toBe(false);
      // Shift+Enter adds to the selection from the keyboard; group as "choose any", then split again.
      const boxes = page.locator('.box--checkbox');
      await boxes.nth(0).focus();
      await page.keyboard.press('Shift+Enter');
      await boxes.nth(1).focus();
      await page.keyboard.press('Shift+Enter');
      expect(await page.locator('.box[aria-pressed="true"]').count()).toBe(2);
      await page.click('#group-many');
      expect(await page.locator('.box--select_many[data-question-id]').count()).toBe(2);
      expect(await page.locator('.box--select_many').first().getAttribute('aria-label')).toMatch(/^Choose any: /);
      await page.click('#split');
      expect(await page.locator('.box--checkbox:not([data-question-id])').count()).toBe(2);
      // Zoom redraws page and boxes at the new scale.
      const before = (await page.locator('.box').first().boundingBox())!.width;
      await page.click('#zoom-in');
      await page.waitForSelector('#zoom-level:has-text("125%")');
      // The boxes are drawn again after the label changes: measure once the first one is back on the page.
      await page.locator('.box').first().waitFor({ state: 'visible' });
      expect((await page.locator('.box').first().boundingBox())!.width / before).toBeCloseTo(1.25, 1);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
    // axe is injected into a CSP-bypassing context (the page itself allows only its own scripts).
    const audited = await openEditor(path, 1280, true);
    try {
      await audited.page.locator('.box').first().click();
      await audited.page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
      const violations = await audited.page.evaluate(
        async (values) =>
          (await (window as unknown as { axe: Axe }).axe.run({ runOnly: { type: 'tag', values } })).violations,
        ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      );
      const serious = violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id);
      expect(serious).toEqual([]);
    } finally {
      await audited.close();
    }
  });

  it('says so on a phone, and previews the patient page without a link and without sending', async () => {
    const { templateId } = await importForm();
    const path = await editorPath(templateId);
    const phone = await openEditor(path, 390);
    try {
      expect(await phone.page.isVisible('#narrow-note')).toBe(true);
      expect(await phone.page.isVisible('#app')).toBe(false);
    } finally {
      await phone.close();
    }
    const preview = await api(t).get(`${path}/preview`).expect(200);
    expect(preview.headers['content-security-policy']).toContain("connect-src 'none'");
    expect(preview.text).toContain('Preview of the saved version');
    expect(preview.text).toContain('Last name');
    expect(preview.text).toContain('data-field-id=');
  });

  it('refuses expired, tampered, another template’s and retired-template tokens with a plain page', async () => {
    const a = await importForm();
    const b = await importForm();
    const path = await editorPath(a.templateId);
    const ok = await api(t).get(path).expect(200);
    expect(ok.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': expect.stringMatching(/noindex/) });
    expect(ok.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(ok.headers['content-security-policy']).toContain("script-src 'self'");

    // An organization that embeds the editor names its app's origin: only that origin may frame the page.
    const db = t.app.get(DataSource);
    await db.query(`UPDATE organizations SET editor_frame_ancestors = $1 WHERE id = $2`, [
      JSON.stringify(['https://app.example.com']),
      org.orgId,
    ]);
    const framed = await api(t).get(path).expect(200);
    expect(framed.headers['content-security-policy']).toContain('frame-ancestors https://app.example.com');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    await db.query(`UPDATE organizations SET editor_frame_ancestors = '[]' WHERE id = $1`, [org.orgId]);

    const refused = async (url: string, status: number, heading: RegExp) => {
      const res = await api(t).get(url).expect(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toMatch(heading);
      expect(res.text).not.toMatch(/at .*\.ts:\d+|Error:|stack/i);
      expect(res.text).not.toContain(path.split('/').pop()!);
    };
    const token = path.split('/').pop()!;
    const tampered = `/editor/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await refused(tampered, 403, /This editor link is not valid/);
    await refused('/editor/not-a-token', 403, /This editor link is not valid/);
    await refused(`${path}?template_id=${b.templateId}`, 403, /This editor link is not valid/);
    await api(t).get(`${path}/fields?template_id=${b.templateId}`).expect(403);

    const clock = t.app.get(EditorSessionClock);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 61 * 60_000));
    try {
      await refused(path, 410, /This editor link has expired/);
      await api(t).get(`${path}/fields`).expect(410);
    } finally {
      spy.mockRestore();
    }
    await api(t).get(`${path}/fields`).expect(200);

    await t.app.get(TemplatesService).retire(a.templateId);
    await refused(path, 410, /This template is no longer in use/);
    await refused(`${path}/preview`, 410, /This template is no longer in use/);
    expect((await putFields(path, { base_version: 1, fields: [] })).status).toBe(410);
  });
});
