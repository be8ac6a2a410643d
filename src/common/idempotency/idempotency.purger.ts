import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { every } from 'src/queue/lost-jobs';
import { IdempotencyService } from './idempotency.service';

const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes idempotency records past their 24 hours, so the table stays small (runs in worker processes). */
@Injectable()
export class IdempotencyPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdempotencyPurger.name);
  private stop?: () => void;

  constructor(private readonly idempotency: IdempotencyService) {}

  onApplicationBootstrap(): void {
    this.stop = every(PURGE_EVERY_MS, this.logger, () => this.idempotency.purgeExpired());
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
