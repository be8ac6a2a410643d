import { html, type SafeHtml } from 'src/fill-page/views/html';

/** Static assets of the editor: the stylesheet from public/, the bundle built by scripts/build-editor.mjs. */
export const EDITOR_ASSETS = {
  css: '/assets/editor/editor.css',
  script: '/assets/editor/dist/editor.js',
  pdfWorker: '/assets/editor/dist/pdf.worker.min.mjs',
  standardFonts: '/assets/editor/dist/standard_fonts/',
} as const;

/** A complete editor document: no inline script or style (CSP), the bundle only where `script` is set. */
export function renderEditorDocument({
  title,
  body,
  script = false,
}: {
  title: string;
  body: SafeHtml;
  script?: boolean;
}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${EDITOR_ASSETS.css}" />
        ${script ? html`<script type="module" src="${EDITOR_ASSETS.script}"></script>` : ''}
      </head>
      <body class="${script ? 'editor' : 'editor editor--message'}">
        ${body}
      </body>
    </html> `.value;
}
