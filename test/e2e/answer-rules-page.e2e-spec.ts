/**
 * Answer rules on the patient's page (issue 19) in Debian's chromium at 360 px, against the real service: a
 * follow-up shows when its option is ticked (by keyboard), without moving the page, and says so to screen readers;
 * unticking hides it and clears it; a section of follow-ups leaves the step count while it is empty; formats are
 * checked as the patient leaves a field, in English and Spanish; axe finds nothing serious with the follow-up shown
 * or hidden; a bad value stops the submit on the page, a good one goes through, and the hidden answer is not kept.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { MOBILE_360, launchBrowser } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { createLink, importWithMap, latestSubmissionId, type Field, type FieldEntry } from 'test/utils/forms';
import { api } from 'test/utils/http';

type Entry = FieldEntry;

const CONTACT = 'Contact';
const HISTORY = 'Medical history';
const SURGERY = 'Surgery details';

/** One page: seven contact lines, nine history questions, four surgery lines; and its reviewed field map. */
async function buildForm(): Promise<{ pdf: Buffer; entries: Entry[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 1008]);
  const entries: Entry[] = [];
  let y = 960;
  const heading = (text: string): void => {
    page.drawText(text.toUpperCase(), { x: 72, y, size: 12, font });
    y -= 24;
  };
  const line = (label: string, section: string, extra: Partial<Entry> = {}): void => {
    page.drawText(`${label}: ${'_'.repeat(30)}`, { x: 72, y, size: 10, font });
    const x1 = 80 + font.widthOfTextAtSize(`${label}: `, 10);
    entries.push({
      kind: 'text',
      page: 1,
      rect: [x1, y - 2, x1 + 160, y + 11],
      label,
      prompt: label,
      section,
      ...extra,
    });
    y -= 20;
  };
  const yesNo = (prompt: string, qid: string): void => {
    page.drawText(`${prompt}   Yes   No`, { x: 72, y, size: 10, font });
    const x = 72 + font.widthOfTextAtSize(`${prompt}   `, 10);
    for (const [i, option] of ['Yes', 'No'].entries()) {
      const ox = x + i * 30;
      entries.push({
        kind: 'select_one',
        page: 1,
        rect: [ox - 2, y - 3, ox + 20, y + 10],
        label: option,
        prompt,
        choice_label: option,
        question_id: qid,
        section: HISTORY,
      });
    }
    y -= 20;
  };
  heading(CONTACT);
  line('Last name', CONTACT, { required: true });
  line('First name', CONTACT);
  line('ZIP code', CONTACT, { format: 'zip' });
  line('Phone', CONTACT, { kind: 'phone' });
  line('Date of birth', CONTACT, { kind: 'date', format: 'birth_date' });
  line('Email', CONTACT, { kind: 'email' });
  line('Address', CONTACT);
  heading(HISTORY);
  line('Allergies', HISTORY);
  line('Medications', HISTORY);
  line('Family doctor', HISTORY);
  yesNo('Have you had surgery?', 'surgery');
  line('If yes, please explain', HISTORY, { required: true });
  yesNo('Do you smoke?', 'smoke');
  page.drawText('[ ] Other condition', { x: 72, y, size: 10, font });
  entries.push({
    kind: 'checkbox',
    page: 1,
    rect: [72, y - 2, 84, y + 10],
    label: 'Other condition',
    prompt: 'Other condition',
    choice_label: 'Other condition',
    section: HISTORY,
  });
  y -= 20;
  line('Please specify', HISTORY);
  line('Pharmacy phone', HISTORY, { kind: 'phone' });
  heading(SURGERY);
  for (const label of ['Hospital', 'Surgeon', 'Year of surgery', 'Complications']) line(label, SURGERY);
  return { pdf: Buffer.from(await doc.save()), entries };
}

const axePath = require.resolve('axe-core/axe.min.js');

async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await page.waitForFunction(() => document.querySelectorAll('.field--appearing').length === 0);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; impact: string }[] }> } }
    ).axe;
    return (await axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${label}: ${v.id}`);
}

/** A question's wrapper, by the name its messages use. */
const wrapperOf = (page: Page, label: string) => page.locator(`[data-field-wrapper][data-label="${label}"]`);

describe('answer rules on the patient page (chromium, 360 px)', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let context: BrowserContext;
  let templateId: string;
  let byLabel: Map<string, Field>;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    const form = await buildForm();
    // First the map, then the conditions (they name the options by the ids this save gives them).
    const first = await importWithMap(t, org.apiKey, form.pdf, () => form.entries, { title: 'Answer rules clinic' });
    templateId = first.templateId;
    const http = api(t, org.apiKey);
    const saved = first.fields;
    const id = (label: string, prompt?: string): string =>
      saved.find((f) => (f.choice_label ?? f.label) === label && (!prompt || f.prompt === prompt))!.field_id;
    const surgeryYes = id('Yes', 'Have you had surgery?');
    const conditions: Record<string, string> = {
      'If yes, please explain': surgeryYes,
      'Please specify': id('Other condition'),
      Hospital: surgeryYes,
      Surgeon: surgeryYes,
      'Year of surgery': surgeryYes,
      Complications: surgeryYes,
    };
    const second = await http
      .put(`/api/v1/templates/${templateId}/fields`)
      .send({
        base_version: first.version,
        fields: saved.map((f) => ({
          ...f,
          condition: conditions[f.label] ? { field_id: conditions[f.label], equals: true } : null,
        })),
      })
      .expect(200);
    byLabel = new Map(
      (second.body.fields as Field[]).map((f) => [f.choice_label ? `${f.prompt}/${f.label}` : f.label, f]),
    );
    expect(byLabel.get('If yes, please explain')!.condition).toEqual({ field_id: surgeryYes, equals: true });
    browser = await launchBrowser();
    context = await browser.newContext({ ...MOBILE_360, bypassCSP: true }); // bypass only to inject axe
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('shows, hides and clears follow-ups in place, keeps the step count honest, checks formats on leaving', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(`${t.baseUrl}/f/${link.short_code}`);
    const violations: string[] = [];
    page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));

    // Step 1: the surgery step is empty (its questions wait for "Yes"), so the form has two steps.
    expect(await page.locator('.step-count:visible').textContent()).toBe('Step 1 of 2');
    expect(await page.locator('#progress-count').textContent()).toBe('0 of 14 answered');
    // A format is checked when the patient leaves the field, never while typing.
    const zip = page.getByLabel('ZIP code');
    await zip.pressSequentially('7520');
    expect(await zip.inputValue()).toBe('7520');
    expect(await wrapperOf(page, 'ZIP code').locator('.field-error').isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    const zipError = wrapperOf(page, 'ZIP code').locator('.field-error');
    expect(await zipError.textContent()).toBe(
      'Error: “ZIP code” is not a ZIP code (5 digits, or 5+4 like 12345-6789).',
    );
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    expect(await zip.getAttribute('aria-describedby')).toContain(await zipError.getAttribute('id'));
    await zip.fill('75201');
    expect(await zipError.isVisible()).toBe(false); // goes as soon as the answer is right
    await page.getByLabel('Date of birth').fill('2031-05-01');
    await page.getByLabel('Date of birth').blur();
    expect(await wrapperOf(page, 'Date of birth').locator('.field-error').textContent()).toContain(
      'is a date of birth in the future',
    );
    // Next checks the step: the bad date stops it.
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.locator('#error-summary').isVisible()).toBe(true);
    await page.getByLabel('Date of birth').fill('1984-03-15');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the follow-up is hidden until "Yes" is ticked.
    expect(await page.locator('h2.step-heading:visible').textContent()).toBe(HISTORY);
    const explain = wrapperOf(page, 'If yes, please explain');
    expect(await explain.count()).toBe(1);
    expect(await explain.isHidden()).toBe(true);
    violations.push(...(await seriousViolations(page, 'follow-up hidden')));
    const surgery = page.getByRole('radiogroup', { name: /Have you had surgery/ });
    const yes = surgery.getByLabel('Yes');
    await yes.focus();
    await page.evaluate(() => window.scrollBy(0, 40));
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(0);
    await page.keyboard.press('Space'); // keyboard: Space ticks the focused radio
    expect(await yes.isChecked()).toBe(true);
    expect(await explain.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await page.waitForFunction(() => document.getElementById('field-announcer')?.textContent !== '');
    expect(await page.locator('#field-announcer').textContent()).toBe('New question below: If yes, please explain');
    expect(await page.locator('#field-announcer').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('.step-count:visible').textContent()).toBe('Step 2 of 3');
    expect(await page.locator('#progress-count').textContent()).toBe('4 of 19 answered');
    // The next Tab leaves the radio group for the question that just appeared.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-required'))).toBe('true');
    await page.keyboard.type('Appendix, 2019');
    violations.push(...(await seriousViolations(page, 'follow-up shown')));

    // Unticking (No, by arrow key) hides the follow-up and clears it; the surgery step leaves the count.
    await yes.focus();
    const scrollNo = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowDown');
    expect(await surgery.getByLabel('No').isChecked()).toBe(true);
    expect(await explain.isHidden()).toBe(true);
    expect(await page.getByLabel('If yes, please explain (required)').inputValue()).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollNo);
    expect(await page.locator('.step-count:visible').textContent()).toBe('Step 2 of 2');
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true);
    await surgery.getByLabel('Yes').check();
    expect(await page.getByLabel('If yes, please explain (required)').inputValue()).toBe(''); // cleared, not just hidden
    await surgery.getByLabel('No').check();

    // A stand-alone check box works the same.
    await page.getByLabel('Other condition').check();
    await page.getByLabel('Please specify').fill('Asthma');

    // Submit with a bad value: the page stops it (nothing is posted) and names it in the summary.
    await page.getByLabel('Pharmacy phone').fill('12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.locator('#error-summary-list').textContent()).toContain('“Pharmacy phone” is not a phone number');
    expect(posts.filter((u) => u.endsWith('/submit'))).toEqual([]);
    // A good value goes through; the required follow-up is hidden, so it is not required.
    await page.getByLabel('Pharmacy phone').fill('604 555 0134');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/done/);
    expect(violations).toEqual([]);

    const submissionId = await latestSubmissionId(t, org.apiKey);
    const stored = (await api(t, org.apiKey).get(`/api/v1/submissions/${submissionId}`).expect(200)).body;
    const answers = stored.answers as Record<string, unknown>;
    expect(answers[byLabel.get('ZIP code')!.field_id]).toBe('75201');
    expect(answers[byLabel.get('Please specify')!.field_id]).toBe('Asthma');
    expect(answers[byLabel.get('If yes, please explain')!.field_id] ?? null).toBeNull();
    expect(answers[byLabel.get('Hospital')!.field_id] ?? null).toBeNull();
    await page.close();
  });

  it('speaks Spanish: format messages and the announcement in the page’s language', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId });
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/f/${link.short_code}?lang=es`);
    expect(await page.locator('.step-count:visible').textContent()).toBe('Paso 1 de 2');
    await page.getByLabel('ZIP code').fill('7520');
    await page.getByLabel('ZIP code').blur();
    expect(await wrapperOf(page, 'ZIP code').locator('.field-error').textContent()).toBe(
      'Error: «ZIP code» no es un código postal (5 dígitos, o 5+4 como 12345-6789).',
    );
    await page.getByLabel('Phone', { exact: true }).fill('555');
    await page.getByLabel('Phone', { exact: true }).blur();
    expect(await wrapperOf(page, 'Phone').locator('.field-error').textContent()).toContain(
      'no es un número de teléfono',
    );
    await page.getByLabel('ZIP code').fill('75201');
    await page.getByLabel('Phone', { exact: true }).fill('604 555 0134');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page
      .getByRole('radiogroup', { name: /Have you had surgery/ })
      .getByLabel('Yes')
      .check();
    await page.waitForFunction(() => document.getElementById('field-announcer')?.textContent !== '');
    expect(await page.locator('#field-announcer').textContent()).toBe('Nueva pregunta debajo: If yes, please explain');
    expect(await page.locator('.step-count:visible').textContent()).toBe('Paso 2 de 3');
    await page.close();
  });
});
