import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Express `trust proxy` from the TRUST_PROXY setting: false, true, a hop count, or a list of addresses. */
export function trustProxyValue(setting: string): boolean | number | string {
  const value = setting.trim();
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

interface RouterOptions {
  caseSensitive?: boolean;
  strict?: boolean;
}

/**
 * One path, one route: `/F/x/submit` or `/f/x/submit/` is a 404, not the submit handler under another name
 * that the per-path rate limit does not recognise. Nest's Express adapter creates the router before we run,
 * so Express's own settings come too late for it: the router's options are set directly, before any route
 * is registered (routes are added at `app.init()`).
 */
export function configureRouting(app: NestExpressApplication, trustProxy: string): void {
  const express = app.getHttpAdapter().getInstance() as { router: RouterOptions };
  express.router.caseSensitive = true;
  express.router.strict = true;
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', trustProxyValue(trustProxy));
}

/**
 * Partner API responses may carry protected health information (answers, prefill values, signed links):
 * no shared or browser cache may keep them.
 */
export function noStoreApiResponses(req: Request, res: Response, next: NextFunction): void {
  if (req.path.startsWith('/api/') || req.path.startsWith('/admin/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * The public routes (fill page, signed file links, the template editor) that the per-IP limit covers, judged by the route
 * the router matched, so the limit and the handler always agree on what was asked for.
 */
export function isPatientRoute(req: Request): boolean {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return /^\/(f|files|editor)\//.test(typeof pattern === 'string' ? pattern : req.path);
}
