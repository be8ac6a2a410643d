import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Settings } from 'src/config/settings';
import { DeliveryQueueService } from './delivery-queue.service';
import { deliveryTimings, type DeliveryTimings } from './delivery-timing';

const SWEEP_LIMIT = 500;

/**
 * PostgreSQL is the record of every delivery; Bull is only its timer. Every few seconds (worker processes only):
 * attempts whose worker died mid-flight (lease run out) are recorded as interrupted and made due again, and due
 * deliveries with no live job (Redis flushed or restarted, enqueue failed after a commit) are queued again. A lost
 * Redis therefore delays deliveries by a sweep interval, never drops them.
 */
@Injectable()
export class WebhooksSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhooksSweeper.name);
  private readonly timings: DeliveryTimings;
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueueService,
    settings: Settings,
  ) {
    this.timings = deliveryTimings(settings);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.timings.sweepEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many deliveries were queued again. */
  async sweep(): Promise<number> {
    await this.recoverInterruptedAttempts();
    const due: { id: string; attempts: number }[] = await this.dataSource.query(
      `SELECT id, attempts FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at < now() - $1::float8 * interval '1 millisecond'
        ORDER BY next_attempt_at LIMIT $2`,
      [this.timings.overdueAfterMs, SWEEP_LIMIT],
    );
    const lost = [];
    for (const { id, attempts } of due) {
      if (!(await this.queue.hasLiveJob(id, attempts + 1, this.timings.overdueAfterMs))) {
        lost.push({ deliveryId: id, attempt: attempts + 1, delayMs: 0 });
      }
    }
    if (lost.length > 0 && (await this.queue.schedule(lost))) {
      this.logger.log(`queued ${lost.length} webhook deliveries again`);
    }
    return lost.length;
  }

  private async tick(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.sweep();
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'webhook sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** Leases that ran out: the worker died during the attempt. Record it and make the delivery due at once. */
  private async recoverInterruptedAttempts(): Promise<void> {
    await this.dataSource.query(
      `WITH expired AS (
         UPDATE webhook_deliveries
            SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
                next_attempt_at = CASE WHEN attempts >= max_attempts THEN NULL ELSE now() END,
                locked_until = NULL, last_status_code = NULL, last_error = $1, updated_at = now()
          WHERE status = 'delivering' AND locked_until < now()
         RETURNING id, attempts, last_attempt_at, status)
       INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error, outcome)
       SELECT id, attempts, COALESCE(last_attempt_at, now()), 0, NULL, $1,
              CASE WHEN status = 'failed' THEN 'failed' ELSE 'interrupted' END
         FROM expired
       ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      ['the attempt was interrupted (the worker stopped); its outcome is unknown'],
    );
  }
}
