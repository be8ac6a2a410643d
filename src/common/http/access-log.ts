import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as Pino } from 'pino';
import { redactPath, requestIdFor } from './logging';

type RequestWithId = IncomingMessage & { id?: string };

/** The request id the access log gave this request (echoed or minted), for lines that must name the request. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as RequestWithId).id;
}

/**
 * One line per request when its response is done: id, method, redacted path, status and milliseconds. Written by
 * hand rather than with pino-http, whose child logger per request and whose AsyncLocalStorage context (nestjs-pino)
 * cost about a third of the service's CPU per request (`npm run bench:ping`); no line inside a request needs that
 * context (the exception filter names the request id itself).
 */
export function accessLog(logger: Pino) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = performance.now();
    const id = requestIdFor(req, res);
    (req as RequestWithId).id = id;
    const method = req.method;
    const path = redactPath(req.url ?? '');
    // 'close' follows 'finish' on a completed response and is the only event of an aborted one.
    res.once('close', () => {
      const status = res.statusCode;
      // A 503 is an outage, reported once per state change elsewhere: each of its requests is an access line.
      const failed = status >= 500 && status !== 503;
      logger[failed ? 'error' : 'info'](
        {
          req: { id, method, path },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? (failed ? 'request errored' : 'request completed') : 'request aborted',
      );
    });
    next();
  };
}
