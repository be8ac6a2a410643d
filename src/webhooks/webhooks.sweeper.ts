import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from 'src/config/settings';
import { runsWorkers } from 'src/queue/worker-role';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryStateRepository } from './delivery-state.repository';
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
    private readonly state: DeliveryStateRepository,
    private readonly queue: DeliveryQueueService,
    private readonly settings: Settings,
  ) {
    this.timings = deliveryTimings(settings);
  }

  onApplicationBootstrap(): void {
    if (!runsWorkers(this.settings)) return;
    this.timer = setInterval(() => void this.tick(), this.timings.sweepEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many deliveries were queued again. */
  async sweep(): Promise<number> {
    // Leases that ran out: the worker died during the attempt. Recorded, and the delivery is due at once.
    await this.state.recoverExpiredLeases();
    await this.state.forgetExpiredSecrets();
    const due = await this.state.overdue(this.timings.overdueAfterMs, SWEEP_LIMIT);
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
}
