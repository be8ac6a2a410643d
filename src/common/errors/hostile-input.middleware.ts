import type { NextFunction, Request, Response } from 'express';
import { AppException } from './app.exception';
import { findHostileJson } from './hostile-json';

/**
 * Express middleware placed right after the body parsers: a 400 naming the field for input that would
 * otherwise crash a recursive walker or the database (see hostile-json.ts), before guards, interceptors
 * (the idempotency hash) and the validation pipe see it.
 */
export function refuseHostileInput(req: Request, _res: Response, next: NextFunction): void {
  // The raw path: %00 would reach PostgreSQL as a NUL inside an id.
  if (/%00/.test(req.path)) {
    return next(AppException.validation('the URL path must not contain NUL (%00) characters'));
  }
  const problem = findHostileJson(req.query, 'query') ?? findHostileJson(req.body as unknown);
  next(problem ? AppException.validation(`${problem.path}: ${problem.message}`) : undefined);
}
