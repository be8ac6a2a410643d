import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { Settings } from 'src/config/settings';
import { prettyLogStream, prettyLogsWanted } from './log-format';

const CLIENT_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Echoes a sane client `X-Request-Id`, else mints one; either way it goes back on the response. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Structured JSON logs. Only method, path (no query string: signed links carry their signature there),
 * status and timing are logged; never headers' secrets, never bodies.
 */
export function loggerParams(settings: Settings): Params {
  const options = {
    level: settings.LOG_LEVEL,
    genReqId: requestIdFor,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? ('error' as const) : ('info' as const),
  };
  // JSON lines, unless a person is reading at a terminal (LOG_FORMAT).
  return { pinoHttp: prettyLogsWanted(settings.LOG_FORMAT) ? [options, prettyLogStream()] : options };
}
