/**
 * npm run bench:fill-page: the patient page on a slow phone. Imports a ~50-field intake form into the compiled
 * service, mints a link, and opens the page in Debian's chromium at 360 px with the CPU throttled 4x through the
 * DevTools protocol (Emulation.setCPUThrottlingRate), 7 cold loads. Prints first contentful paint (median, max)
 * and the page's weight on the wire: the document, its CSS and script, and separately the signature pad's script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createOrgWithKey, percentile } from './lib/admin-client';
import { spawnApp } from './lib/spawn-app';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const SHARED = process.env.SHARED_DIR ?? join(__dirname, '..', '..', 'shared');
const FORM = join(SHARED, 'forms', 'intake-dev', 'word-table-1032', 'flat.pdf');
const LOADS = 7;
const CPU_SLOWDOWN = 4;

async function main(): Promise<void> {
  const app = await spawnApp(
    {
      ADMIN_TOKEN,
      APP_ROLE: 'all',
      LOG_LEVEL: 'warn',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      NODE_ENV: 'development',
    },
    3107,
    true,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const { apiKey } = await createOrgWithKey(app.baseUrl, ADMIN_TOKEN, [
      'imports:write',
      'templates:read',
      'fill_links:write',
    ]);
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const body = JSON.stringify({
      pdf_base64: readFileSync(FORM).toString('base64'),
      filename: 'f.pdf',
      blank_form_attestation: true,
    });
    const { import_id } = (await (
      await fetch(`${app.baseUrl}/api/v1/imports`, { method: 'POST', headers, body })
    ).json()) as {
      import_id: string;
    };
    let imported: { status: string; template_id?: string; field_count?: number } = { status: 'queued' };
    while (imported.status !== 'succeeded') {
      await new Promise((r) => setTimeout(r, 100));
      imported = (await (
        await fetch(`${app.baseUrl}/api/v1/imports/${import_id}`, { headers })
      ).json()) as typeof imported;
      if (imported.status === 'failed') throw new Error('import failed');
    }
    const link = (await (
      await fetch(`${app.baseUrl}/api/v1/fill-links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ template_id: imported.template_id }),
      })
    ).json()) as { url: string; short_code: string };

    const paints: number[] = [];
    const weights = { document: 0, css: 0, script: 0, signaturePad: 0 };
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Network.enable');
      const sizes = new Map<string, number>();
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        sizes.set(e.requestId, e.encodedDataLength);
      });
      const urls = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) =>
        urls.set(e.requestId, e.request.url),
      );
      await page.goto(`${app.baseUrl}/f/${link.short_code}`, { waitUntil: 'load' });
      const fcp = await page.evaluate(
        () => performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint')?.startTime ?? NaN,
      );
      paints.push(fcp);
      if (i === 0) {
        for (const [id, size] of sizes) {
          const url = urls.get(id) ?? '';
          if (url.endsWith('.css')) weights.css += size;
          else if (url.includes('signature_pad')) weights.signaturePad += size;
          else if (url.endsWith('.js')) weights.script += size;
          else if (url.includes(`/f/${link.short_code}`)) weights.document += size;
        }
      }
      await context.close();
    }
    const painted = paints.filter((p) => Number.isFinite(p));
    const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
    const before = weights.document + weights.css + weights.script;
    process.stdout.write(
      [
        `bench:fill-page: ${imported.field_count} fields, chromium 360 px, CPU throttled ${CPU_SLOWDOWN}x, ${LOADS} cold loads, compiled service`,
        `first contentful paint: median ${percentile(painted, 50).toFixed(0)} ms, max ${Math.max(...painted).toFixed(0)} ms (${painted.length} of ${LOADS} loads reported it)`,
        `weight on the wire: document ${kb(weights.document)}, CSS ${kb(weights.css)}, page script ${kb(weights.script)} = ${kb(before)} before the signature pad; signature pad script ${kb(weights.signaturePad)}`,
      ].join('\n') + '\n',
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
