import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger as Pino } from 'pino';
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

/**
 * The process's one pino logger: JSON lines, unless a person is reading at a terminal (LOG_FORMAT). Lines carry what
 * their callers give (the access log gives method, redacted path, status and timing); never headers, never bodies.
 */
export function createRootLogger(settings: Pick<Settings, 'LOG_LEVEL' | 'LOG_FORMAT'>): Pino {
  const options = {
    level: settings.LOG_LEVEL,
    serializers: {
      err: (err: Error) => ({ type: err.name, message: err.message, stack: err.stack }),
    },
  };
  if (prettyLogsWanted(settings.LOG_FORMAT)) return pino(options, prettyLogStream());
  // Lines are gathered up to 4 KiB or 100 ms and written together, not one system call per access line (pino's
  // advice for throughput); pending lines are written when the process exits, so only a hard kill loses up to 100 ms.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }));
}
