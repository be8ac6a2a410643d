import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { translateBodyParserErrors } from 'src/common/errors/body-parser-errors';
import { refuseHostileInput } from 'src/common/errors/hostile-input.middleware';
import { requireJsonBodies } from './json-only';

// 10 MB of PDF is 13,981,014 characters of base64; the rest of an import body is small.
const IMPORT_BODY_LIMIT = '15mb';
// The fill page posts signature images (each under 1 MB).
const FILL_PAGE_BODY_LIMIT = '8mb';
// A whole field map (up to 2,000 fields) through PUT /templates/{id}/fields or the editor's save.
const FIELD_MAP_BODY_LIMIT = '4mb';
const DEFAULT_BODY_LIMIT = '1mb';

/**
 * Request bodies: JSON only (415 otherwise), parsed with a limit per route, parser errors translated, and
 * hostile shapes (deep nesting, prototype keys, NUL) refused with a 400 naming the field.
 */
export function configureBodyParsing(app: NestExpressApplication): void {
  app.use(requireJsonBodies);
  app.use(parseJsonBody);
  app.use(translateBodyParserErrors);
  app.use(refuseHostileInput);
}

/** Each route family's parser by path prefix (one middleware, not one router layer per prefix on every request). */
const PARSERS_BY_PREFIX: [prefix: string, parser: RequestHandler][] = [
  ['/api/v1/imports', json({ limit: IMPORT_BODY_LIMIT })],
  ['/f', json({ limit: FILL_PAGE_BODY_LIMIT })],
  ['/api/v1/templates', json({ limit: FIELD_MAP_BODY_LIMIT })],
  ['/editor', json({ limit: FIELD_MAP_BODY_LIMIT })],
];
const DEFAULT_PARSER = json({ limit: DEFAULT_BODY_LIMIT });

function parseJsonBody(req: Request, res: Response, next: NextFunction): void {
  const path = req.path;
  const parser = PARSERS_BY_PREFIX.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  (parser?.[1] ?? DEFAULT_PARSER)(req, res, next);
}
