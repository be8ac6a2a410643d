import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyRecord } from './idempotency-record.entity';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyPurger } from './idempotency.purger';
import { IdempotencyService } from './idempotency.service';
import { workerProviders } from 'src/queue/worker-role';

/** Shared by POST /imports, /fill-links and /webhooks through `@UseInterceptors(IdempotencyInterceptor)`. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecord])],
  providers: [IdempotencyService, IdempotencyInterceptor, ...workerProviders(IdempotencyPurger)],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
