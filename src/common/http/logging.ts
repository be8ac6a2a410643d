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
 * Paths that are credentials: an editor session's URL (`/editor/edt_...`) is a bearer token, and a fill link's short
 * code (`/f/{code}`) opens a patient's form. Logged as `[redacted]`; what follows them (`/fields`, `/draft`) stays.
 */
const CREDENTIAL_PATHS = /^(\/editor\/|\/f\/)[^/?#]+/;

export function redactPath(url: string): string {
  return url.split('?')[0].replace(CREDENTIAL_PATHS, '$1[redacted]');
}

/** pino-http's own error for a 5xx response without one: its stack says nothing (one line per request in an outage). */
const STATUS_ERROR = /^failed with status code \d+$/;

/**
 * Structured JSON logs. Only method, path (no query string: signed links carry their signature there),
 * status and timing are logged; never headers' secrets, never bodies.
 */
export function loggerParams(settings: Settings): Params {
  const options = {
    level: settings.LOG_LEVEL,
    genReqId: requestIdFor,
    // No `redact` of headers: the req serializer already writes no header at all, and redaction ran on every line.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: redactPath(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Unhandled errors are logged with their stack once, by the exception filter; outages' 503s are expected.
      err: (err: Error) =>
        STATUS_ERROR.test(err.message)
          ? { message: err.message }
          : { type: err.name, message: err.message, stack: err.stack },
    },
    // A 503 is an outage the service reports once per state change elsewhere: each request is an access line.
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || (res.statusCode >= 500 && res.statusCode !== 503) ? ('error' as const) : ('info' as const),
  };
  // JSON lines, unless a person is reading at a terminal (LOG_FORMAT).
  return { pinoHttp: prettyLogsWanted(settings.LOG_FORMAT) ? [options, prettyLogStream()] : options };
}
