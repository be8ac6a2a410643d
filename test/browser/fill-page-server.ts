import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FieldError, FillFormModel, FillSubmission } from 'src/fill-page/fill-form.model';
import { renderConfirmationPage, renderFormPage, renderGonePage, renderNotFoundPage } from 'src/fill-page/views';

/** The CSP the real fill page is served with. */
export const FILL_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const ROOT = join(__dirname, '..', '..');
const STATIC: Record<string, { file: string; type: string }> = {
  '/assets/fill-page.css': { file: join(ROOT, 'public', 'fill-page.css'), type: 'text/css; charset=utf-8' },
  '/assets/fill-page.js': { file: join(ROOT, 'public', 'fill-page.js'), type: 'text/javascript; charset=utf-8' },
  '/assets/vendor/signature_pad.umd.min.js': {
    file: join(ROOT, 'node_modules', 'signature_pad', 'dist', 'signature_pad.umd.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

export interface FakeFillServer {
  url: string;
  /** Every JSON body POSTed to /f/{code}/submit, in order. */
  submissions: FillSubmission[];
  /** What the first submit is refused with (400 VALIDATION_FAILED); later submits get 201. */
  firstResponseErrors: FieldError[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': FILL_PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for the Nest fill-page routes (no database): the form page, the assets, a submit endpoint
 * that refuses the first submission with field errors and accepts the second, the done page and a gone page.
 */
export async function startFakeFillServer(
  model: FillFormModel,
  firstResponseErrors: FieldError[],
): Promise<FakeFillServer> {
  const submissions: FillSubmission[] = [];
  const base = `/f/${model.short_code}`;
  const html = 'text/html; charset=utf-8';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && (path === base || path === `${base}/`))
      return send(res, 200, html, renderFormPage(model));
    if (req.method === 'GET' && path === `${base}/done`)
      return send(res, 200, html, renderConfirmationPage(model.title));
    if (req.method === 'GET' && path === '/f/gone/') return send(res, 410, html, renderGonePage('expired'));
    if (req.method === 'POST' && path === `${base}/submit`) {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return send(res, 415, 'application/json', JSON.stringify({ error: 'JSON only' }));
      }
      submissions.push(JSON.parse(await readBody(req)) as FillSubmission);
      if (submissions.length === 1) {
        return send(
          res,
          400,
          'application/json',
          JSON.stringify({
            error: 'Some answers need checking',
            code: 'VALIDATION_FAILED',
            fields: firstResponseErrors,
          }),
        );
      }
      return send(res, 201, 'application/json', JSON.stringify({ submission_id: 'sub_1' }));
    }
    const asset = STATIC[path];
    if (req.method === 'GET' && asset) return send(res, 200, asset.type, await readFile(asset.file));
    return send(res, 404, html, renderNotFoundPage());
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    submissions,
    firstResponseErrors,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
