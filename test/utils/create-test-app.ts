import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from 'src/app.module';
import { configureHttpApp } from 'src/bootstrap';
import { Settings, validateSettings } from 'src/config/settings';

export interface TestApp {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> of the listening server. */
  baseUrl: string;
  settings: Settings;
  close(): Promise<void>;
}

let apps = 0;

/** Boots the real AppModule (real PostgreSQL, Redis, Bull) on a free port, with optional setting overrides. */
export async function createTestApp(overrides: Partial<Record<keyof Settings, string>> = {}): Promise<TestApp> {
  // Each app counts rate limits apart: a spec that blocks 127.0.0.1 at a low limit must not block the next spec.
  const namespace = `${process.env.QUEUE_PREFIX ?? 'edform-test'}-rl${++apps}`;
  const settings = validateSettings({ ...process.env, RATE_LIMIT_NAMESPACE: namespace, ...overrides });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(Settings)
    .useValue(settings)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureHttpApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    settings,
    close: () => app.close(),
  };
}
