import helmet from 'helmet';
import { createServer, request, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { securityHeaders } from './security-headers';

/** The headers a real response gets through `middleware`. */
async function headersThrough(
  middleware: (req: never, res: never, next: () => void) => void,
): Promise<IncomingHttpHeaders> {
  const listener: RequestListener = (req, res) => {
    res.setHeader('X-Powered-By', 'Express');
    middleware(req as never, res as never, () => res.end('ok'));
  };
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port }, (res) => {
        res.resume();
        resolve(res.headers);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("are exactly helmet's, set per request from values computed once", async () => {
    const ours = await headersThrough(securityHeaders());
    const helmets = await headersThrough(helmet());
    const withoutDate = (h: IncomingHttpHeaders) => ({ ...h, date: undefined });
    expect(withoutDate(ours)).toEqual(withoutDate(helmets));
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(ours['x-powered-by']).toBeUndefined();
  });
});
