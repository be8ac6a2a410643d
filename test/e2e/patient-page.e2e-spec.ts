/**
 * The patient's page as a patient meets it (issue 11): a multi-section form filled over several steps at 360 px,
 * the page closed and reopened (it resumes from the server-side draft), switched to Spanish and submitted; axe on
 * every step; then the completed PDF read back with poppler: the date in its printed segments, the signature at
 * the box's height, the circled word circled.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createOrg, type TestOrg } from 'test/factories/organizations.factory';
import { MOBILE_360, launchBrowser } from 'test/utils/browser';
import { createTestApp, type TestApp } from 'test/utils/create-test-app';
import { embedTestFont } from 'test/utils/embedded-fonts';
import {
  completedPdf,
  createLink,
  importWithMap,
  latestSubmissionId,
  waitForPdfReady,
  type Field,
  type FieldEntry,
} from 'test/utils/forms';
import { api } from 'test/utils/http';

type Rect = FieldEntry['rect'];
type Entry = FieldEntry;

const SIZE = 11;

/** A two-page clinic form drawn like a word processor would, and the field map a reviewer would save for it. */
async function buildForm(): Promise<{
  pdf: Buffer;
  entries: Entry[];
  dobY: number;
  sigRect: Rect;
  yesRect: Rect;
  noRect: Rect;
}> {
  const doc = await PDFDocument.create();
  const font = await embedTestFont(doc, 'sans');
  const bold = await embedTestFont(doc, 'sansBold');
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  const entries: Entry[] = [];
  const w = (f: PDFFont, s: string): number => f.widthOfTextAtSize(s, SIZE);
  p1.drawText('Riverside Clinic - New patient form', { x: 72, y: 740, size: 15, font: bold });

  const line = (
    page: PDFPage,
    pageNo: number,
    y: number,
    label: string,
    kind: string,
    section: string,
    required = false,
  ) => {
    const text = `${label}: ${'_'.repeat(32)}`;
    page.drawText(text, { x: 72, y, size: SIZE, font });
    const x1 = 72 + w(font, `${label}: `);
    entries.push({
      kind,
      page: pageNo,
      rect: [x1, y - 2, 72 + w(font, text), y + 12],
      label,
      prompt: label,
      section,
      required,
    });
  };
  const words = (page: PDFPage, y: number, prompt: string, options: string[], qid: string, section: string): Rect[] => {
    page.drawText(prompt, { x: 72, y, size: SIZE, font });
    let x = 300;
    return options.map((option) => {
      page.drawText(option, { x, y, size: SIZE, font });
      const rect: Rect = [x - 2, y - 4, x + w(font, option) + 2, y + 10];
      entries.push({
        kind: 'select_one',
        page: 1,
        rect,
        label: option,
        prompt,
        choice_label: option,
        question_id: qid,
        section,
        mark: 'circle',
      });
      x += w(font, option) + 30;
      return rect;
    });
  };

  const PI = 'Patient information';
  p1.drawText('PATIENT INFORMATION', { x: 72, y: 705, size: 12, font: bold });
  line(p1, 1, 680, 'Last name', 'text', PI, true);
  line(p1, 1, 658, 'First name', 'text', PI, true);
  const dobY = 636;
  p1.drawText('Date of birth (MM/DD/YYYY): ______/______/__________', { x: 72, y: dobY, size: SIZE, font });
  line(p1, 1, 614, 'Phone', 'phone', PI);
  line(p1, 1, 592, 'Email', 'email', PI);
  line(p1, 1, 570, 'Address', 'text', PI);
  line(p1, 1, 548, 'City', 'text', PI);

  const MH = 'Medical history';
  p1.drawText('MEDICAL HISTORY', { x: 72, y: 515, size: 12, font: bold });
  const [yesRect, noRect] = words(p1, 490, 'Do you smoke?', ['Yes', 'No'], 'smoke', MH);
  words(p1, 468, 'Do you drink alcohol?', ['Yes', 'No'], 'alcohol', MH);
  words(p1, 446, 'Pain today (circle one):', ['Mild', 'Moderate', 'Severe'], 'pain', MH);
  p1.drawText('Conditions (check all that apply):', { x: 72, y: 424, size: SIZE, font });
  for (const [i, option] of ['Asthma', 'Diabetes'].entries()) {
    const x = 300 + i * 110;
    p1.drawRectangle({ x, y: 423, width: 9, height: 9, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
    p1.drawText(option, { x: x + 14, y: 424, size: SIZE, font });
    entries.push({
      kind: 'select_many',
      page: 1,
      rect: [x, 423, x + 9, 432],
      label: option,
      prompt: 'Conditions',
      choice_label: option,
      question_id: 'conditions',
      section: MH,
      mark: 'check',
    });
  }
  for (const [i, label] of [
    'Allergies',
    'Medications',
    'Past surgeries',
    'Family doctor',
    'Pharmacy',
    'Emergency contact',
  ].entries()) {
    line(p1, 1, 400 - i * 22, label, 'text', MH);
  }

  const CO = 'Consent';
  p2.drawText('CONSENT', { x: 72, y: 705, size: 12, font: bold });
  p2.drawRectangle({ x: 72, y: 679, width: 9, height: 9, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
  p2.drawText('I agree to treatment.', { x: 86, y: 680, size: SIZE, font });
  entries.push({
    kind: 'checkbox',
    page: 2,
    rect: [72, 679, 81, 688],
    label: 'I agree to treatment.',
    prompt: 'I agree to treatment.',
    section: CO,
    required: true,
  });
  p2.drawLine({ start: { x: 72, y: 600 }, end: { x: 300, y: 600 }, thickness: 0.8 });
  p2.drawText('Signature of patient', { x: 72, y: 588, size: 9, font });
  const sigRect: Rect = [72, 600, 300, 640];
  entries.push({
    kind: 'signature',
    page: 2,
    rect: sigRect,
    label: 'Signature of patient',
    prompt: 'Signature of patient',
    section: CO,
    required: true,
  });
  p2.drawLine({ start: { x: 340, y: 600 }, end: { x: 500, y: 600 }, thickness: 0.8 });
  p2.drawText('Date', { x: 340, y: 588, size: 9, font });
  entries.push({ kind: 'date', page: 2, rect: [340, 600, 500, 616], label: 'Date', prompt: 'Date', section: CO });
  return { pdf: Buffer.from(await doc.save()), entries, dobY, sigRect, yesRect, noRect };
}

const axePath = require.resolve('axe-core/axe.min.js');

async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; impact: string }[] }> } }
    ).axe;
    return (await axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${label}: ${v.id}`);
}

async function draw(page: Page, selector: string): Promise<void> {
  const canvas = page.locator(selector);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++)
    await page.mouse.move(box.x + 30 + i * 8, box.y + box.height / 2 + Math.sin(i / 2) * 25);
  await page.mouse.up();
}

/** Mean darkness (0..255) of the pixels on an ellipse just outside `rect` (page 1 rendered at 72 dpi, grey). */
function ringDarkness(pgm: Buffer, rect: Rect, pageHeight: number): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  const width = Number(header[1]);
  const data = pgm.subarray(header[0].length);
  const cx = (rect[0] + rect[2]) / 2;
  const cy = pageHeight - (rect[1] + rect[3]) / 2;
  const rx = (rect[2] - rect[0]) / 2 + 0.5;
  const ry = (rect[3] - rect[1]) / 2 + 0.5;
  let sum = 0;
  let n = 0;
  for (let a = 0; a < 360; a += 4) {
    const x = Math.round(cx + rx * Math.cos((a * Math.PI) / 180));
    const y = Math.round(cy + ry * Math.sin((a * Math.PI) / 180));
    let darkest = 255;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) darkest = Math.min(darkest, data[(y + dy) * width + x + dx]);
    sum += 255 - darkest;
    n++;
  }
  return sum / n;
}

describe('the patient page: steps, resume, Spanish, and a PDF faithful to paper', () => {
  let t: TestApp;
  let org: TestOrg;
  let browser: Browser;
  let context: BrowserContext;
  let templateId: string;
  let form: Awaited<ReturnType<typeof buildForm>>;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t.app);
    form = await buildForm();
    // The detector's date field (it knows where the blank prints its separators) and a reviewed map for the rest.
    let dob: Field | undefined;
    const saved = await importWithMap(
      t,
      org.apiKey,
      form.pdf,
      (detected) => {
        dob = detected.find((f) => f.kind === 'date' && f.page === 1 && Math.abs(f.rect[1] - form.dobY) < 6);
        if (!dob) throw new Error('no date field detected at the date of birth');
        const dobEntry: Entry = {
          field_id: dob.field_id,
          kind: 'date',
          page: 1,
          rect: dob.rect as Rect,
          label: 'Date of birth',
          prompt: 'Date of birth',
          section: 'Patient information',
          required: true,
        };
        return [...form.entries.slice(0, 2), dobEntry, ...form.entries.slice(2)];
      },
      { title: 'Riverside Clinic — New patient' },
    );
    templateId = saved.templateId;
    expect(saved.fields.find((f) => f.field_id === dob!.field_id)).toBeDefined();
    browser = await launchBrowser();
    context = await browser.newContext({ ...MOBILE_360, bypassCSP: true }); // bypass only to inject axe
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  it('is filled over several steps, resumes after the page is closed, is submitted in Spanish; the PDF matches the paper', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'steps-1' });
    const url = `${t.baseUrl}/f/${link.short_code}`;
    const violations: string[] = [];
    let page = await context.newPage();
    await page.goto(url);

    // --- step 1 of 3: patient information
    expect(await page.locator('h2.step-heading:visible').textContent()).toBe('Patient information');
    expect(await page.locator('.step-count:visible').textContent()).toBe('Step 1 of 3');
    expect(await page.locator('#progress-count').textContent()).toBe('0 of 20 answered');
    violations.push(...(await seriousViolations(page, 'step 1')));
    await page.screenshot({ path: '/tmp/patient-step1.png', fullPage: false });
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page.getByLabel('Phone').fill('604 555 0134');
    expect(await page.locator('#progress-count').textContent()).toBe('4 of 20 answered');
    await page.getByRole('button', { name: 'Next' }).click();

    // --- step 2: medical history; circled words are plain single choices; check-all says so
    expect(await page.locator('h2.step-heading:visible').textContent()).toBe('Medical history');
    const smoke = page.getByRole('radiogroup', { name: /Do you smoke/ });
    expect(await smoke.getByRole('radio').count()).toBe(2);
    expect(await page.locator('[data-step="1"] .hint', { hasText: 'Choose all that apply.' }).count()).toBe(1);
    violations.push(...(await seriousViolations(page, 'step 2')));
    await smoke.getByLabel('Yes').check();
    await page
      .getByRole('radiogroup', { name: /Pain today/ })
      .getByLabel('Moderate')
      .check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'PUT');
    await page.getByLabel('Allergies').fill('Penicillin');
    expect((await saved).status()).toBe(204);
    await page.screenshot({ path: '/tmp/patient-step2.png', fullPage: false });
    await page.close();

    // --- the phone locked: the link reopened in the same browser offers the draft; Continue resumes on step 2
    page = await context.newPage();
    await page.goto(url);
    expect(await page.getByLabel('Allergies').inputValue()).toBe('');
    await Promise.all([page.waitForURL(/resume=1/), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.locator('h2.step-heading:visible').textContent()).toBe('Medical history');
    expect(await page.getByLabel('Allergies').inputValue()).toBe('Penicillin');
    expect(
      await page
        .getByRole('radiogroup', { name: /Do you smoke/ })
        .getByLabel('Yes')
        .isChecked(),
    ).toBe(true);
    expect(await page.locator('#progress-count').textContent()).toBe('7 of 20 answered');
    expect(await page.isVisible('[data-start-over]')).toBe(true);
    const back = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Last name').inputValue()).toBe('Rivera');
    await back; // the step is part of the draft

    // --- the patient switches to Spanish: the page's words change, the printed labels stay, the draft stays
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(/lang=es/);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.locator('#progress-count').textContent()).toBe('7 de 20 respondidas');
    expect(await page.locator('.step-count:visible').textContent()).toBe('Paso 1 de 3');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Rivera'); // printed labels are never translated
    violations.push(...(await seriousViolations(page, 'step 1 (es)')));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    violations.push(...(await seriousViolations(page, 'step 2 (es)')));
    await page
      .getByRole('radiogroup', { name: /Do you drink alcohol/ })
      .getByLabel('No')
      .check();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // --- step 3: consent; an error stays on the step that holds it, in Spanish
    expect(await page.locator('h2.step-heading:visible').textContent()).toBe('Consent');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForFunction(() => !document.getElementById('error-summary')!.hidden);
    expect(await page.locator('#error-summary').textContent()).toContain('Marque «I agree to treatment»');
    expect(await page.isVisible('[data-step="2"]')).toBe(true);
    violations.push(...(await seriousViolations(page, 'step 3 with errors (es)')));
    await page.getByLabel('I agree to treatment.').check();
    await draw(page, 'canvas[data-field-id]');
    await page.screenshot({ path: '/tmp/patient-step3-es.png', fullPage: false });
    await Promise.all([page.waitForURL(/\/done\?lang=es$/), page.getByRole('button', { name: 'Enviar' }).click()]);
    expect(await page.locator('h1').textContent()).toBe('Gracias: recibimos su formulario');
    violations.push(...(await seriousViolations(page, 'done (es)')));
    expect(violations).toEqual([]);

    // --- the API: answers, the page's language; the draft is gone and reopening starts afresh
    const id = await latestSubmissionId(t, org.apiKey);
    const submission = (await api(t, org.apiKey).get(`/api/v1/submissions/${id}`).expect(200)).body;
    expect(submission.locale).toBe('es');
    const fields = (await api(t, org.apiKey).get(`/api/v1/templates/${templateId}/fields`).expect(200)).body
      .fields as Field[];
    const byLabel = (label: string, choice?: string) =>
      fields.find((f) => f.label === label && (choice === undefined || f.choice_label === choice))!.field_id;
    expect(submission.answers[byLabel('Last name')]).toBe('Rivera');
    expect(submission.answers[byLabel('Date of birth')]).toBe('1990-04-12');
    expect(submission.answers[byLabel('Allergies')]).toBe('Penicillin');
    expect(
      submission.answers[fields.find((f) => f.prompt === 'Do you smoke?' && f.choice_label === 'Yes')!.field_id],
    ).toBe(true);
    const drafts = await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM fill_drafts');
    expect(drafts[0].n).toBe(0);
    page = await context.newPage();
    await page.goto(url);
    expect(await page.getAttribute('#fill-form', 'data-resumed')).toBeNull();
    expect(await page.getByLabel('Last name').inputValue()).toBe('');
    await page.close();

    // --- the completed PDF, read with poppler
    await waitForPdfReady(t, org.apiKey, id);
    const pdfBytes = await completedPdf(t, org.apiKey, id);
    const dir = mkdtempSync(join(tmpdir(), 'edform-patient-'));
    const file = join(dir, 'out.pdf');
    writeFileSync(file, pdfBytes);

    // the date: each part between the printed slashes, in the printed order
    const bbox = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const wordsOnPage = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ].map((m) => ({ x1: Number(m[1]), y1: 792 - Number(m[4]), x2: Number(m[3]), text: m[5] }));
    const onDobLine = wordsOnPage.filter((w) => Math.abs(w.y1 - form.dobY) < 6).sort((a, b) => a.x1 - b.x1);
    const parts = onDobLine.filter((w) => /^(04|12|1990)$/.test(w.text));
    expect(parts.map((w) => w.text)).toEqual(['04', '12', '1990']);
    const blank = onDobLine.find((w) => w.text.includes('/') && w.text.includes('_'))!;
    const font = await embedTestFont(await PDFDocument.create(), 'sans');
    const slash1 = blank.x1 + font.widthOfTextAtSize('______', SIZE);
    const slash2 = slash1 + font.widthOfTextAtSize('/______', SIZE);
    expect(parts[0].x2).toBeLessThanOrEqual(slash1 + 0.5);
    expect(parts[1].x1).toBeGreaterThanOrEqual(slash1);
    expect(parts[1].x2).toBeLessThanOrEqual(slash2 + 0.5);
    expect(parts[2].x1).toBeGreaterThanOrEqual(slash2);

    // the signature: one image, drawn at the box's height (height in px / vertical ppi = inches)
    const list = execFileSync('pdfimages', ['-list', '-f', '2', '-l', '2', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    const images = list.map((row) => row.trim().split(/\s+/)).filter((cols) => cols[2] === 'image');
    expect(images).toHaveLength(1);
    const [heightPx, yPpi] = [Number(images[0][4]), Number(images[0][13])];
    const drawnHeightPt = (heightPx / yPpi) * 72;
    expect(drawnHeightPt).toBeGreaterThan(form.sigRect[3] - form.sigRect[1] - 4);

    // the circled word: an ellipse around "Yes", none around "No"
    execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', file, join(dir, 'p')]);
    const pgm = readFileSync(join(dir, 'p-1.pgm'));
    expect(ringDarkness(pgm, form.yesRect, 792)).toBeGreaterThan(60);
    expect(ringDarkness(pgm, form.noRect, 792)).toBeLessThan(20);
  });

  it('takes a malformed draft cookie for no draft: the page, a save and start over answer as usual', async () => {
    const link = await createLink(t, org.apiKey, { template_id: templateId, external_ref: 'cookie-1' });
    const path = `/f/${link.short_code}`;
    const malformed = ['fill_draft=%E0%A4%A', 'fill_draft="', '=;;fill_draft', `fill_draft=${'x'.repeat(4000)}`];
    for (const cookie of malformed) {
      const page = await api(t).get(path).set('Cookie', cookie).expect(200);
      expect(page.text).not.toContain('data-resumed');
    }
    const saved = await api(t).put(`${path}/draft`).set('Cookie', malformed[0]).send({ step: 1 }).expect(204);
    const token = /^fill_draft=([0-9A-Za-z]{32});/.exec(String(saved.headers['set-cookie']))![1];
    const resumed = await api(t).get(`${path}?resume=1`).set('Cookie', `theme=a=b; fill_draft=${token}`).expect(200);
    expect(resumed.text).toContain('data-resumed="true"');
    await api(t).delete(`${path}/draft`).set('Cookie', `fill_draft=${token}`).expect(204);
    const fresh = await api(t).get(`${path}?resume=1`).set('Cookie', `fill_draft=${token}`).expect(200);
    expect(fresh.text).not.toContain('data-resumed');
  });
});
