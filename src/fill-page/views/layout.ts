import { renderHtmlDocument } from 'src/common/html/document';
import { html, type SafeHtml } from 'src/common/html/html';
import { renderBrandHeader, type PageBrand } from './brand-header';

/** URLs of the static assets (served at /assets/ from `public/`; the vendor file from node_modules). */
export const ASSET_URLS = {
  css: '/assets/fill-page.css',
  script: '/assets/fill-page.js',
  signaturePad: '/assets/vendor/signature_pad.umd.min.js',
} as const;

export interface DocumentOptions {
  title: string;
  body: SafeHtml;
  /** Load the signature_pad vendor script before the page script (only pages with a signature field). */
  signaturePad?: boolean;
  /** The language of the page's own words. */
  lang?: string;
  /** The clinic's name, logo and colour, shown at the top. */
  brand?: PageBrand;
}

/**
 * A complete HTML document. No inline script or style anywhere (CSP: script-src/style-src 'self').
 * Both scripts are `defer`, so they run in document order after parsing: the vendor file first.
 */
export function renderDocument({ title, body, signaturePad = false, lang = 'en', brand }: DocumentOptions): string {
  return renderHtmlDocument({
    lang,
    title,
    head: html`<link rel="stylesheet" href="${ASSET_URLS.css}" />
      ${brand?.stylesheetPath ? html`<link rel="stylesheet" href="${brand.stylesheetPath}" />` : ''}
      ${signaturePad ? html`<script src="${ASSET_URLS.signaturePad}" defer></script> ` : ''}
      <script src="${ASSET_URLS.script}" defer></script>`,
    body: html`<main id="main" class="page" tabindex="-1">${renderBrandHeader(brand)}${body}</main>`,
  });
}
