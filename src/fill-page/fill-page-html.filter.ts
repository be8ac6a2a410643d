import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import type { GoneReason } from 'src/fill-links/fill-links.service';
import { renderGonePage, renderNotFoundPage } from './views';
import { html } from './views/html';
import { renderDocument } from './views/layout';

/** Body of the 429 response of a fill page: too many requests from this connection, in plain words. */
function renderRateLimitedPage(): string {
  const heading = 'Please wait a moment';
  return renderDocument({
    title: heading,
    body: html`<div class="panel">
      <h1>${heading}</h1>
      <p>This page was opened too many times in a short while from your connection.</p>
      <p>Wait a minute, then reload the page.</p>
    </div>`,
  });
}

/** The HTML routes of the fill page answer with pages in plain words, not JSON. */
@Catch()
export class FillPageHtmlFilter implements ExceptionFilter {
  private readonly logger = new Logger(FillPageHtmlFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    response.type('html');
    if (exception instanceof AppException && exception.code === ErrorCode.Gone) {
      response.status(410).send(renderGonePage((exception.extras.reason as GoneReason) ?? 'expired'));
      return;
    }
    if (exception instanceof AppException && exception.code === ErrorCode.RateLimited) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      response.status(429).send(renderRateLimitedPage());
      return;
    }
    if (exception instanceof AppException && exception.code === ErrorCode.NotFound) {
      response.status(404).send(renderNotFoundPage());
      return;
    }
    this.logger.error({ err: exception instanceof Error ? exception.stack : String(exception) }, 'fill page error');
    response.status(500).send(renderNotFoundPage());
  }
}
