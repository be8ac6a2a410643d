import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { join } from 'node:path';
import { accessLog } from './common/http/access-log';
import { AppLogger } from './common/http/app-logger';
import { configureBodyParsing } from './common/http/body-parsing';
import { configureRouting, noStoreApiResponses } from './common/http/routing';
import { securityHeaders } from './common/http/security-headers';
import { Settings } from './config/settings';
import { mountOpenApi } from './openapi';

// Repository root, from src/ (ts-node) or dist/src/ (compiled).
const ROOT = join(__dirname, __dirname.includes(`${join('dist', 'src')}`) ? '../..' : '..');

/** HTTP set-up shared by `main.ts` and the e2e tests, so tests run the app exactly as deployed. */
export function configureHttpApp(app: NestExpressApplication): void {
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  // First, so that every answer (a static asset, a refused body) carries its X-Request-Id and is logged.
  app.use(accessLog(logger.pino));
  configureRouting(app, app.get(Settings).TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are no-store and never revalidated: hashing each body for an ETag would be work for nobody.
  app.set('etag', false);
  app.use(securityHeaders());
  app.use(noStoreApiResponses);
  configureBodyParsing(app);
  // The fill page's stylesheet and script, and the signature pad library, from this origin (strict CSP).
  app.useStaticAssets(join(ROOT, 'public'), { prefix: '/assets/', index: false, maxAge: '1h' });
  app.useStaticAssets(join(ROOT, 'node_modules', 'signature_pad', 'dist'), {
    prefix: '/assets/vendor/',
    index: false,
    maxAge: '1d',
  });
  // Swagger UI loads its assets relative to /docs: /docs/ would resolve them under /docs/docs/.
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path === '/docs/' && req.originalUrl.startsWith('/docs/') ? res.redirect(301, '/docs') : next(),
  );
  mountOpenApi(app);
}
