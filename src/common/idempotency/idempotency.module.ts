import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyRecord } from './idempotency-record.entity';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';
import { hourlyPurge } from 'src/queue/worker-role';

/** Shared by POST /imports, /fill-links and /webhooks through `@UseInterceptors(IdempotencyInterceptor)`. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecord])],
  providers: [
    IdempotencyService,
    IdempotencyInterceptor,
    hourlyPurge(IdempotencyService, (records) => records.purgeExpired()),
  ],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
