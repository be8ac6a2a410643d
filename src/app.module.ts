import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { ResilientThrottlerStorage } from './auth/resilient-throttler-storage';
import type { AuthenticatedRequest } from './common/auth/caller';
import { AppExceptionFilter } from './common/errors/app-exception.filter';
import { createValidationPipe } from './common/errors/validation';
import { AppLoggerModule } from './common/http/app-logger';
import { isPatientRoute } from './common/http/routing';
import { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { ImportsModule } from './imports/imports.module';
import { TemplatesModule } from './templates/templates.module';
import { QueueModule } from './queue/queue.module';
import { FillLinksModule } from './fill-links/fill-links.module';
import { FillPageModule } from './fill-page/fill-page.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { EditorSessionsModule } from './editor-sessions/editor-sessions.module';
import { EditorPageModule } from './editor/editor-page.module';
import { FhirModule } from './fhir/fhir.module';

const MINUTE_MS = 60_000;

@Module({
  imports: [
    SettingsModule,
    AppLoggerModule,
    DatabaseModule,
    QueueModule,
    ThrottlerModule.forRootAsync({
      inject: [Settings],
      useFactory: (settings: Settings) => ({
        throttlers: [
          {
            name: 'api-key',
            ttl: MINUTE_MS,
            limit: settings.RATE_LIMIT_PER_MINUTE,
            skipIf: (ctx) => !ctx.switchToHttp().getRequest<AuthenticatedRequest>().caller,
          },
          {
            // Per client IP on the patient-facing routes (fill page, signed file links).
            name: 'public-ip',
            ttl: MINUTE_MS,
            limit: settings.PUBLIC_RATE_LIMIT_PER_MINUTE,
            skipIf: (ctx) => !isPatientRoute(ctx.switchToHttp().getRequest<Request>()),
          },
        ],
        // Counters in Redis, failing open to this process's counters when Redis is down or frozen.
        storage: new ResilientThrottlerStorage(settings),
        errorMessage: 'rate limit exceeded',
      }),
    }),
    AuthModule,
    AdminModule,
    HealthModule,
    IdempotencyModule,
    TemplatesModule,
    EditorSessionsModule,
    ImportsModule,
    FillLinksModule,
    SubmissionsModule,
    FhirModule,
    FillPageModule,
    EditorPageModule,
    WebhooksModule,
  ],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: AppExceptionFilter },
  ],
})
export class AppModule {}
