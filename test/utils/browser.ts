import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's chromium; playwright-core drives it over CDP (no bundled browser download). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Debian's chromium headless. `chromium.launch()` always starts from a fresh temporary profile
 * (playwright creates and deletes it; it refuses an explicit --user-data-dir, which is for persistent contexts).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A phone-sized context: 360×740 CSS px, touch, mobile viewport meta honoured, 2× pixels. */
export const MOBILE_360: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

export async function openMobilePage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...MOBILE_360, ...options });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return { context, page };
}
