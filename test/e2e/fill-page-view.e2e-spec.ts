/**
 * Browser tests of the hosted fill page view (no database): a tiny node:http server serves
 * renderFormPage(sampleModel), the static assets and a fake submit endpoint, under the production CSP,
 * and Debian's chromium (playwright-core) fills the form at 360 px like a patient on a phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FieldError } from 'src/fill-page/fill-form.model';
import { startFakeFillServer, type FakeFillServer } from 'test/browser/fill-page-server';
import { sampleModel } from 'test/browser/sample-model';
import { MOBILE_360, launchBrowser } from 'test/utils/browser';

const FIRST_RESPONSE_ERRORS: FieldError[] = [
  { field_id: 'phone', error: 'Enter a phone number with at least 10 digits, like 604 555 0134.' },
  { field_id: 'q_province_7', error: 'We could not check this province. Please choose it again.' },
];

interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

/** A 360 px phone context that records console errors, uncaught exceptions and CSP violations. */
async function newWatchedContext(browser: Browser, problems: PageProblems, bypassCSP = false): Promise<BrowserContext> {
  const context = await browser.newContext({ ...MOBILE_360, bypassCSP });
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    problems.cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __reportCspViolation(t: string): Promise<void> }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  context.on('console', (msg) => {
    // Chromium logs every non-2xx fetch as "Failed to load resource" (the 400 is expected, favicon is 404).
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.consoleErrors.push(msg.text());
  });
  context.on('weberror', (err) => problems.pageErrors.push(String(err.error())));
  return context;
}

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Non-white pixels on a canvas: > 0 once something is drawn. */
async function inkedPixels(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 && data[i + 3] > 0) n++;
    return n;
  });
}

async function drawWithMouse(page: Page, selector: string): Promise<void> {
  const canvas = page.locator(selector);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const x = box.x + 20;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(x + i * 9, y + Math.sin(i / 2) * 30, { steps: 2 });
  await page.mouse.up();
}

async function drawWithTouch(page: Page, context: BrowserContext, selector: string): Promise<void> {
  const canvas = page.locator(selector);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const x = box.x + 30;
  const y = box.y + 40;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 15; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + i * 10, y: y + i * 5 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Width in pixels of a PNG data URL (IHDR). */
function pngWidth(dataUrl: string): number {
  const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return bytes.readUInt32BE(16);
}

const field = (id: string): string => `[data-field-id="${id}"]`;

describe('fill page view in chromium (360 px, production CSP)', () => {
  let server: FakeFillServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startFakeFillServer(sampleModel, FIRST_RESPONSE_ERRORS);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is filled by touch, mouse and keyboard, shows server errors keeping the answers, then confirms', async () => {
    const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
    const context = await newWatchedContext(browser, problems);
    const page = await context.newPage();
    await page.goto(`${server.url}/f/abc/`);

    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await page.locator('h1').textContent()).toBe(sampleModel.title);
    // 17 questions over two PDF pages: two steps, one shown at a time, each headed by its page
    expect(await page.locator('h2.step-heading').allTextContents()).toEqual(['Step 1 of 2', 'Step 2 of 2']);
    expect(await page.locator('h3.section-heading').allTextContents()).toEqual(['Page 1 of 2', 'Page 2 of 2']);
    expect(await page.isVisible('[data-step="1"]')).toBe(false);
    expect(await page.isVisible('#submit-button')).toBe(false);
    expect(await page.locator('#progress-count').textContent()).toBe('2 of 17 answered'); // the locked clinic reference and visit reason
    await page.screenshot({ path: '/tmp/fill-page-360.png', fullPage: true });

    // --- nothing filled: Next checks this step only, no request
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.locator('#error-summary');
    await expect(summary.isVisible()).resolves.toBe(true);
    expect(server.submissions).toHaveLength(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    expect(await summary.textContent()).toContain('Please answer “Full legal name”.');
    expect(await summary.textContent()).not.toContain('Province'); // step 2 is not checked yet
    expect(await page.getAttribute(field('full_name'), 'aria-invalid')).toBe('true');
    expect(await page.locator('.field-error:visible').count()).toBe(4); // full name, dob, phone, sex
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await summary.getByRole('link', { name: /Full legal name/ }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field-id'))).toBe('full_name');

    // --- text-like fields by keyboard
    await page.keyboard.type('Ada Lovelace');
    await page.fill(field('dob'), '1980-03-31');
    await page.focus(field('email'));
    await page.keyboard.type('ada@example.org');
    await page.focus(field('phone'));
    await page.keyboard.type('604 555 0134'); // passes the page's check; the stand-in server refuses it below
    await page.focus(field('age'));
    await page.keyboard.type('44');
    await page.focus(field('clinic_id'));
    await page.keyboard.type('XXX'); // readonly: ignored
    expect(await page.inputValue(field('clinic_id'))).toBe('RFC-2024-0042');

    // --- radios: a click, then the arrow key
    await page.getByLabel('Female').check();
    await page.keyboard.press('ArrowDown');
    expect(await page.isChecked(field('q_sex_2'))).toBe(true);
    // locked radio question: a click changes nothing
    await page.getByText('Check-up', { exact: true }).click();
    expect(await page.isChecked(field('q_visit_1'))).toBe(false);
    expect(await page.isChecked(field('q_visit_2'))).toBe(true);
    await page.focus(field('q_visit_2'));
    await page.keyboard.press('ArrowUp'); // nor does the keyboard
    expect(await page.isChecked(field('q_visit_1'))).toBe(false);
    expect(await page.isChecked(field('q_visit_2'))).toBe(true);

    // --- on to step 2: the progress counts what was answered
    expect(await page.locator('#progress-count').textContent()).toBe('8 of 17 answered');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.isVisible('[data-step="0"]')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('step-1-heading');
    expect(await page.isVisible('#submit-button')).toBe(true);

    // --- more than 6 choices: a drop-down
    await page.selectOption('select[data-question-id="q_province"]', { label: 'British Columbia' });

    // --- check boxes: Space on one, a tap on another's label
    await page.focus(field('q_conditions_1'));
    await page.keyboard.press('Space');
    await page.getByText('High blood pressure').click();
    await page.focus(field('initials'));
    await page.keyboard.type('AL');
    await page.locator('.label-text', { hasText: 'I confirm the information above is correct' }).click();

    // --- signatures: draw with the mouse; type a name; touch-draw then clear
    await drawWithMouse(page, field('patient_signature'));
    expect(await inkedPixels(page, field('patient_signature'))).toBeGreaterThan(50);
    await page.fill('[data-signature-for="guardian_signature"]', 'Grace Hopper');
    await drawWithTouch(page, context, field('witness_signature'));
    expect(await inkedPixels(page, field('witness_signature'))).toBeGreaterThan(20);
    await page
      .locator('[data-field-wrapper]', { has: page.locator(field('witness_signature')) })
      .getByRole('button', { name: /Clear/ })
      .click();
    expect(await inkedPixels(page, field('witness_signature'))).toBe(0);

    // --- first submit: the server refuses with field errors
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => !document.getElementById('error-summary')!.hidden);
    expect(server.submissions).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    const summaryText = await summary.textContent();
    expect(summaryText).toContain('Enter a phone number with at least 10 digits');
    expect(summaryText).toContain('We could not check this province');
    const phone = page.locator(field('phone'));
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby'))!.split(' ');
    const phoneError = page.locator(`[id="${describedBy[describedBy.length - 1]}"]`);
    expect(await phoneError.isVisible()).toBe(true);
    expect(await phoneError.textContent()).toContain('at least 10 digits');
    expect(await page.getAttribute('select[data-question-id="q_province"]', 'aria-invalid')).toBe('true');
    // the summary lists errors of both steps; the first error's step (1) is shown
    expect(await page.isVisible('[data-step="0"]')).toBe(true);
    expect(await page.isEnabled('#submit-button')).toBe(true);
    // everything typed is still there
    expect(await page.inputValue(field('full_name'))).toBe('Ada Lovelace');
    expect(await page.inputValue(field('phone'))).toBe('604 555 0134');
    expect(await page.isChecked(field('q_sex_2'))).toBe(true);
    expect(await page.inputValue('select[data-question-id="q_province"]')).toBe('q_province_2');
    expect(await inkedPixels(page, field('patient_signature'))).toBeGreaterThan(50); // kept across the re-layout
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/fill-page-360-errors.png', fullPage: true });

    // --- fix and resubmit: 201 -> the done page
    await summary.getByRole('link', { name: /phone number/ }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field-id'))).toBe('phone');
    await page.fill(field('phone'), '604 555 0134');
    await page.getByRole('button', { name: 'Next' }).click();
    // the pad was hidden and shown again: its bitmap still follows the CSS width
    const padCssWidth = await page.$eval(field('patient_signature'), (el) => el.getBoundingClientRect().width);
    expect(await inkedPixels(page, field('patient_signature'))).toBeGreaterThan(50);
    await Promise.all([
      page.waitForURL(`${server.url}/f/abc/done?lang=en`),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Thank you — your form was received');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    expect(server.submissions).toHaveLength(2);
    const body = server.submissions[1];
    expect(body.answers).toEqual({
      full_name: 'Ada Lovelace',
      xss: '',
      dob: '1980-03-31',
      email: 'ada@example.org',
      phone: '604 555 0134',
      age: '44',
      clinic_id: 'RFC-2024-0042',
      q_sex_1: false,
      q_sex_2: true,
      q_sex_3: false,
      q_visit_1: false,
      q_visit_2: true,
      // q_contact (optional, unanswered): omitted
      q_province_1: false,
      q_province_2: true,
      q_province_3: false,
      q_province_4: false,
      q_province_5: false,
      q_province_6: false,
      q_province_7: false,
      q_province_8: false,
      q_conditions_1: true,
      q_conditions_2: false,
      q_conditions_3: true,
      q_conditions_4: false,
      initials: 'AL',
      consent: true,
    });
    expect(Object.keys(body.signatures).sort()).toEqual(['guardian_signature', 'patient_signature']);
    for (const png of Object.values(body.signatures)) expect(png).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // the drawn pad is a full-resolution bitmap (CSS width × devicePixelRatio 2), the typed name a 600 px image
    expect(pngWidth(body.signatures.patient_signature)).toBe(Math.round(padCssWidth * 2));
    expect(pngWidth(body.signatures.guardian_signature)).toBe(600);

    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await context.close();
  });

  it('keeps the answers on a network error, and shows the gone message on 410', async () => {
    const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
    const context = await newWatchedContext(browser, problems);
    const page = await context.newPage();
    await page.goto(`${server.url}/f/abc/`);
    await page.fill(field('full_name'), 'Ada Lovelace');
    await page.fill(field('dob'), '1980-03-31');
    await page.fill(field('phone'), '604 555 0134');
    await page.getByLabel('Intersex').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.selectOption('select[data-question-id="q_province"]', { label: 'Ontario' });
    await page.fill(field('initials'), 'AL');
    await page.locator('.label-text', { hasText: 'I confirm the information above is correct' }).click();
    await page.fill('[data-signature-for="patient_signature"]', 'Ada Lovelace');

    await page.route('**/f/abc/submit', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => !document.getElementById('error-summary')!.hidden);
    expect(await page.locator('#error-summary').textContent()).toContain('Your answers are still here');
    expect(await page.inputValue(field('full_name'))).toBe('Ada Lovelace');
    expect(await page.isEnabled('#submit-button')).toBe(true);

    await page.unroute('**/f/abc/submit');
    await page.route('**/f/abc/submit', (route) =>
      route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'gone', reason: 'expired' }),
      }),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'This link has expired');
    expect(await page.locator('main').textContent()).toContain('contact your provider for a new link');
    expect(server.submissions.length).toBeLessThanOrEqual(2); // nothing reached the fake server
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await context.close();
  });

  it('has no serious or critical axe violations (form, form with errors, confirmation, gone, not found)', async () => {
    // bypassCSP only so the axe script can be injected; the pages themselves were checked under the CSP above.
    const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
    const context = await newWatchedContext(browser, problems, true);
    const page = await context.newPage();
    const axePath = require.resolve('axe-core/axe.min.js');

    async function audit(label: string): Promise<string[]> {
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                ctx: Document,
              ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document);
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
      });
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${label}: [${v.impact}] ${v.id} — ${v.help} — ${v.targets.join(', ')}`);
    }

    const found: string[] = [];
    await page.goto(`${server.url}/f/abc/`);
    found.push(...(await audit('form')));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => !document.getElementById('error-summary')!.hidden);
    found.push(...(await audit('form with errors')));
    await page.goto(`${server.url}/f/abc/done`);
    found.push(...(await audit('confirmation')));
    expect((await page.goto(`${server.url}/f/gone/`))!.status()).toBe(410);
    found.push(...(await audit('gone')));
    await page.goto(`${server.url}/f/nope/`);
    found.push(...(await audit('not found')));
    expect(found).toEqual([]);
    await context.close();
  });
});
