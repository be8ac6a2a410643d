import type { NextFunction, Request, Response } from 'express';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The public, unauthenticated write routes: the patient's submit (and any later draft or upload route). */
const PUBLIC_WRITE_PATH = /^\/(f|files)\//i;
const IMPORTS_PATH = /^\/api\/v1\/imports\/?$/i;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Write requests carry JSON or nothing. A public write route needs JSON even when empty: text/plain,
 * form-encoded and multipart are what a cross-site HTML form can post without a CORS preflight, and an
 * unparsed body would reach the service as "no answers". Partner routes also need an API key, which no
 * cross-site form can send, so there a body-less request passes on to validation.
 */
export function requireJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  if (!WRITE_METHODS.has(req.method)) return next();
  const isJson = req.is('application/json') === 'application/json';
  if (PUBLIC_WRITE_PATH.test(req.path)) {
    if (isJson) return next();
    return next(
      new AppException(
        ErrorCode.UnsupportedMediaType,
        'send the form as JSON with Content-Type: application/json (other content types are not accepted here)',
      ),
    );
  }
  if (!hasBody(req) || isJson) return next();
  if (IMPORTS_PATH.test(req.path) && req.is('multipart/form-data')) {
    return next(
      AppException.validation(
        'send JSON with pdf_base64 or pdf_url (Content-Type: application/json): file uploads as multipart/form-data are not accepted',
      ),
    );
  }
  next(new AppException(ErrorCode.UnsupportedMediaType, 'request body must be JSON (Content-Type: application/json)'));
}
