import { html, type SafeHtml } from './html';

export interface HtmlDocumentOptions {
  /** The language of the page's own words. */
  lang: string;
  title: string;
  /** The page's stylesheet and script tags, placed after the title: `src` only (CSP forbids inline ones). */
  head: SafeHtml;
  body: SafeHtml;
  bodyClass?: string;
}

/**
 * The shell of every server-rendered page (the fill page, the template editor): these pages carry patients' and
 * partners' data, so they send no Referer and ask not to be indexed.
 */
export function renderHtmlDocument({ lang, title, head, body, bodyClass }: HtmlDocumentOptions): string {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title}</title>
        ${head}
      </head>
      <body${bodyClass ? html` class="${bodyClass}"` : ''}>
        ${body}
      </body>
    </html> `.value;
}
