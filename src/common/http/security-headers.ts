import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

type Header = [name: string, value: string | number | readonly string[]];

/**
 * Helmet's headers with its defaults, computed once: helmet's twelve middlewares set the same values on every
 * response, and walking them cost about a tenth of a ping's CPU (`npm run bench:ping`). Helmet stays the source of
 * the values (run once here on a stand-in response); the routes that need another policy (fill page, editor,
 * logos) still replace `Content-Security-Policy` themselves.
 */
export function securityHeaders(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const headers: Header[] = [];
  const removed: string[] = [];
  const standIn = {
    setHeader: (name: string, value: Header[1]) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  let synchronous = false;
  helmet()({} as IncomingMessage, standIn as unknown as ServerResponse, () => (synchronous = true));
  if (!synchronous) throw new Error('helmet did not set its headers synchronously: apply helmet() per request');
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
