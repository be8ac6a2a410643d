import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import type { GoneReason } from 'src/fill-links/fill-links.service';
import { pickLocale } from './i18n/locales';
import { unavailableException } from 'src/database/database-outage';
import { renderGonePage, renderNotFoundPage, renderRateLimitedPage, renderUnavailablePage } from './views';

/** The HTML routes of the fill page answer with pages in plain words (in the patient's language), not JSON. */
@Catch()
export class FillPageHtmlFilter implements ExceptionFilter {
  private readonly logger = new Logger(FillPageHtmlFilter.name);

  catch(caught: unknown, host: ArgumentsHost): void {
    // A database outage is a 503 ("try again shortly"), never a 500.
    const exception = unavailableException(caught) ?? caught;
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const locale = pickLocale(request.query?.lang, null, request.headers['accept-language']);
    response.type('html');
    if (exception instanceof AppException) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      switch (exception.code) {
        case ErrorCode.Gone:
          response.status(410).send(renderGonePage((exception.extras.reason as GoneReason) ?? 'expired', locale));
          return;
        case ErrorCode.NotFound:
          response.status(404).send(renderNotFoundPage(locale));
          return;
        case ErrorCode.RateLimited:
          response.status(429).send(renderRateLimitedPage(locale));
          return;
        case ErrorCode.Unavailable:
          response.status(503).send(renderUnavailablePage(locale));
          return;
        default:
          break;
      }
    }
    this.logger.error({ err: exception instanceof Error ? exception.stack : String(exception) }, 'fill page error');
    response.status(500).send(renderNotFoundPage(locale));
  }
}
