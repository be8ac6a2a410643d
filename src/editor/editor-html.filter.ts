import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
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
    default:
      return 'error';
  }
}

/** The editor's HTML routes answer with a page in plain words (never JSON, never a stack trace). */
@Catch()
export class EditorHtmlFilter implements ExceptionFilter {
  private readonly logger = new Logger(EditorHtmlFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const refusal = refusalOf(exception);
    if (refusal === 'error')
      this.logger.error({ err: exception instanceof Error ? exception.stack : String(exception) }, 'editor page error');
    response.status(REFUSAL_STATUS[refusal]).type('html').send(renderRefusalPage(refusal));
  }
}
