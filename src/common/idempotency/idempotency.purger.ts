import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service';

const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes idempotency records past their 24 hours, so the table stays small (runs in worker processes). */
@Injectable()
export class IdempotencyPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdempotencyPurger.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly idempotency: IdempotencyService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.idempotency.purgeExpired().catch((e: unknown) => this.logger.warn(String(e)));
    }, PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
