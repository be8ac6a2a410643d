import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { EditorPageService } from './editor-page.service';

/** The editor page's CSP: this origin only, pdf.js's worker included; `frame-ancestors` per organization. */
export function editorCsp(frameAncestors: readonly string[], { preview = false } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The preview can send nothing: its form's fetch and any form post are blocked by the browser.
    preview ? "connect-src 'none'" : "connect-src 'self'",
    preview ? "form-action 'none'" : "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * Every /editor response: never cached or indexed (the URL is a bearer credential), no referrer, and a CSP
 * whose frame-ancestors are the organization's `editor_frame_ancestors` (none when the token is not valid).
 */
@Injectable()
export class EditorHeadersMiddleware implements NestMiddleware {
  constructor(private readonly editor: EditorPageService) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // originalUrl: inside a mounted middleware req.path is relative to the mount point.
    const [token = '', sub = ''] = req.originalUrl
      .split('?')[0]
      .replace(/^\/editor\//, '')
      .split('/');
    const ancestors = await this.editor.frameAncestors(safeDecode(token)).catch(() => []);
    // Helmet sends X-Frame-Options: SAMEORIGIN; browsers that predate frame-ancestors would obey it and refuse
    // the partner's frame, so it goes when the organization allows framing.
    if (ancestors.length) res.removeHeader('X-Frame-Options');
    res.setHeader('Content-Security-Policy', editorCsp(ancestors, { preview: sub === 'preview' }));
    next();
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
