import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { unavailableException } from 'src/database/database-outage';
import { REFUSAL_STATUS, renderRefusalPage, type EditorRefusal } from './views';

/** Which plain-words page a refused editor link gets (expired, retired, tampered or another template's). */
export function refusalOf(exception: unknown): EditorRefusal {
  if (!(exception instanceof AppException)) return 'error';
  switch (exception.code) {
    case ErrorCode.EditorSessionExpired:
      return 'expired';
    case ErrorCode.TemplateRetired:
    case ErrorCode.Gone:
      return 'retired';
    case ErrorCode.EditorSessionInvalid:
    case ErrorCode.Forbidden:
    case ErrorCode.Unauthorized:
      return 'invalid';
    case ErrorCode.NotFound:
      return 'not_found';
    case ErrorCode.RateLimited:
    case ErrorCode.QuotaExceeded:
      return 'rate_limited';
    case ErrorCode.Unavailable:
      return 'unavailable';
    default:
      return 'error';
  }
}

/** The editor's HTML routes answer with a page in plain words (never JSON, never a stack trace). */
@Catch()
export class EditorHtmlFilter implements ExceptionFilter {
  private readonly logger = new Logger(EditorHtmlFilter.name);

  catch(caught: unknown, host: ArgumentsHost): void {
    // A database outage is a 503 ("try again shortly"), never a 500.
    const exception = unavailableException(caught) ?? caught;
    const response = host.switchToHttp().getResponse<Response>();
    const refusal = refusalOf(exception);
    // Retry-After of a rate limit or an outage, as the JSON routes send it.
    if (exception instanceof AppException)
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
    if (refusal === 'error')
      this.logger.error({ err: exception instanceof Error ? exception.stack : String(exception) }, 'editor page error');
    response.status(REFUSAL_STATUS[refusal]).type('html').send(renderRefusalPage(refusal));
  }
}
