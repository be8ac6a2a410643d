import { renderHtmlDocument } from 'src/common/html/document';
import { html, type SafeHtml } from 'src/common/html/html';

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
  return renderHtmlDocument({
    lang: 'en',
    title,
    head: html`<link rel="icon" href="data:," />
      <link rel="stylesheet" href="${EDITOR_ASSETS.css}" />
      ${script ? html`<script type="module" src="${EDITOR_ASSETS.script}"></script>` : ''}`,
    body,
    bodyClass: script ? 'editor' : 'editor editor--message',
  });
}
