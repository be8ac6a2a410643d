import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from 'src/app.module';
import { buildOpenApiDocument } from 'src/openapi';

/** Writes openapi/openapi.json from the running code (a test fails when the committed copy differs). */
async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  const document = buildOpenApiDocument(app);
  mkdirSync(join(__dirname, '..', 'openapi'), { recursive: true });
  writeFileSync(join(__dirname, '..', 'openapi', 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
