import { renderHtmlDocument } from './document';
import { html } from './html';

describe('renderHtmlDocument', () => {
  const page = renderHtmlDocument({
    lang: 'es',
    title: '<script>alert(1)</script> Intake',
    head: html`<link rel="stylesheet" href="/assets/x.css" />`,
    body: html`<main id="main">${'<b>label</b>'}</main>`,
    bodyClass: 'editor',
  });

  it('is a complete document in the given language that sends no Referer and is not indexed', () => {
    expect(page).toMatch(/^<!doctype html>\s*<html lang="es">/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    expect(page).toContain('<meta name="referrer" content="no-referrer" />');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page).toMatch(/<link rel="stylesheet" href="\/assets\/x.css" \/>\s*<\/head>\s*<body class="editor">/);
  });

  it('escapes the title and keeps markup only where the caller built it with the html tag', () => {
    expect(page).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; Intake</title>');
    expect(page).toContain('<main id="main">&lt;b&gt;label&lt;/b&gt;</main>');
    expect(page).not.toMatch(/<script/);
  });

  it('writes a bare <body> when no class is given', () => {
    const bare = renderHtmlDocument({ lang: 'en', title: 't', head: html``, body: html`<p>x</p>` });
    expect(bare).toMatch(/<body>\s*<p>x<\/p>\s*<\/body>\s*<\/html>/);
  });
});
