import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppLogger } from './common/http/app-logger';
import { configureHttpApp } from './bootstrap';
import { loadSettings, SettingsError } from './config/settings';
import { seedDemoOrganization } from './admin/demo-seed';
import { installGracefulShutdown } from './lifecycle/graceful-shutdown';

async function bootstrap(): Promise<void> {
  const settings = loadSettings();
  if (settings.APP_ROLE === 'worker') {
    const context = await NestFactory.createApplicationContext(AppModule, { bufferLogs: true });
    // Hands the buffered start-up logs to pino and logs through it from now on (without it a worker writes nothing).
    context.useLogger(context.get(AppLogger));
    installGracefulShutdown(context, settings);
    new Logger('Bootstrap').log('worker started: consuming detection, rendering and delivery queues');
    return;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  configureHttpApp(app);
  await app.listen(settings.PORT);
  installGracefulShutdown(app, settings, app.getHttpServer());
  if (settings.NODE_ENV !== 'production') await seedDemoOrganization(app, settings);
  new Logger('Bootstrap').log(
    `listening on ${settings.PORT} as ${settings.APP_ROLE}; docs at ${settings.PUBLIC_BASE_URL}/docs`,
  );
}

bootstrap().catch((error: unknown) => {
  // One clear line for bad settings; anything else keeps its stack for the operator.
  process.stderr.write(
    error instanceof SettingsError
      ? `${error.message}\n`
      : `startup failed: ${(error as Error)?.stack ?? String(error)}\n`,
  );
  process.exit(1);
});
