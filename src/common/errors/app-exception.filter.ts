import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { unavailableException } from 'src/database/database-outage';
import { requestIdOf } from 'src/common/http/access-log';
import { AppException } from './app.exception';
import { ErrorCode, statusOf } from './error-codes';

/** Statuses Nest or Express raise themselves, mapped to our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.ValidationFailed;
    case 401:
      return ErrorCode.Unauthorized;
    case 403:
      return ErrorCode.Forbidden;
    case 404:
      return ErrorCode.NotFound;
    case 409:
      return ErrorCode.Conflict;
    case 410:
      return ErrorCode.Gone;
    case 413:
      return ErrorCode.PayloadTooLarge;
    case 415:
      return ErrorCode.UnsupportedMediaType;
    case 429:
      return ErrorCode.RateLimited;
    case 503:
      return ErrorCode.Unavailable;
    default:
      return ErrorCode.Internal;
  }
}

/** Turns every error into decisions.md's body. Unknown errors are logged with the request id and answer 500. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const error = this.toAppException(exception, request);
    if (error.code === ErrorCode.Internal) {
      this.logger.error(
        {
          req: { id: requestIdOf(request) },
          err: exception instanceof Error ? { name: exception.name, stack: exception.stack } : String(exception),
        },
        'unhandled error',
      );
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.status(statusOf(error.code)).json({ error: error.message, code: error.code, ...error.extras });
  }

  private toAppException(exception: unknown, request: Request): AppException {
    if (exception instanceof AppException) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = codeForStatus(status);
      if (status === 404) {
        return new AppException(code, `no route ${request.method} ${request.path}: check the path and method`);
      }
      if (code === ErrorCode.Internal) return new AppException(code, 'internal error');
      return new AppException(code, exception.message);
    }
    if (isUnstorableText(exception)) {
      return AppException.validation('a text value holds a character that cannot be stored (such as NUL): remove it');
    }
    // PostgreSQL down or frozen: 503 with Retry-After, logged once per outage rather than once per request.
    const unavailable = unavailableException(exception);
    if (unavailable) return unavailable;
    return new AppException(ErrorCode.Internal, 'internal error');
  }
}

/**
 * PostgreSQL's "invalid byte sequence" (22021) and "untranslatable character" (22P05): the request carried text
 * the database cannot hold. Input checks name the field first; this is the safety net for a path they miss.
 */
function isUnstorableText(exception: unknown): boolean {
  const code = (exception as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return code === '22021' || code === '22P05';
}
