import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, type NextFunction, type Request, type Response } from 'express';
import { join } from 'node:path';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { translateBodyParserErrors } from './common/errors/body-parser-errors';
import { mountOpenApi } from './openapi';

// 10 MB of PDF is 13,981,014 characters of base64; the rest of an import body is small.
const IMPORT_BODY_LIMIT = '15mb';
// The fill page posts signature images (each under 1 MB).
const FILL_PAGE_BODY_LIMIT = '8mb';
const DEFAULT_BODY_LIMIT = '1mb';
// Repository root, from src/ (ts-node) or dist/src/ (compiled).
const ROOT = join(__dirname, __dirname.includes(`${join('dist', 'src')}`) ? '../..' : '..');

/** HTTP set-up shared by `main.ts` and the e2e tests, so tests run the app exactly as deployed. */
export function configureHttpApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.use(helmet());
  // The first matching parser wins (later ones see the body as already read).
  app.use('/api/v1/imports', json({ limit: IMPORT_BODY_LIMIT }));
  app.use('/f', json({ limit: FILL_PAGE_BODY_LIMIT }));
  app.use(json({ limit: DEFAULT_BODY_LIMIT }));
  app.use(translateBodyParserErrors);
  // The fill page's stylesheet and script, and the signature pad library, from this origin (strict CSP).
  app.useStaticAssets(join(ROOT, 'public'), { prefix: '/assets/', index: false, maxAge: '1h' });
  app.useStaticAssets(join(ROOT, 'node_modules', 'signature_pad', 'dist'), {
    prefix: '/assets/vendor/',
    index: false,
    maxAge: '1d',
  });
  app.enableShutdownHooks();
  // Swagger UI loads its assets relative to /docs: /docs/ would resolve them under /docs/docs/.
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path === '/docs/' && req.originalUrl.startsWith('/docs/') ? res.redirect(301, '/docs') : next(),
  );
  mountOpenApi(app);
}
