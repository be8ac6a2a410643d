import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { frameAncestorsDirective } from 'src/organizations/fill-embedding';

/** The fill page's CSP; `frame-ancestors` lists the organization's fill_frame_ancestors on the form and done pages. */
export function fillPageCsp(frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    frameAncestorsDirective(frameAncestors),
  ].join('; ');
}

export const FILL_PAGE_CSP = fillPageCsp();

/** Patient pages may carry prefill values: never cached, never indexed, no third-party anything. */
@Injectable()
export class FillPageHeadersMiddleware implements NestMiddleware {
  use(_req: Request, res: Response, next: NextFunction): void {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Content-Security-Policy', FILL_PAGE_CSP);
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  }
}
