import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { DeliveryMonitor } from 'src/webhooks/delivery-monitor.service';

/**
 * Down when this worker has stopped consuming the delivery queue: deliveries are overdue and no job has started
 * here for as long (Bull workers can stay silent after a Redis restart). A 503 gets the process restarted.
 * Always up in API-only processes, which consume nothing.
 */
@Injectable()
export class QueueConsumptionHealthIndicator {
  constructor(
    private readonly monitor: DeliveryMonitor,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const session = this.indicator.check(key);
    try {
      const status = await this.monitor.status();
      const details = { consumes: status.consumes, overdue: status.overdue, idle_ms: status.idleMs };
      return status.stalled
        ? session.down({ ...details, message: 'delivery jobs are not being consumed' })
        : session.up(details);
    } catch (error) {
      return session.down({ message: error instanceof Error ? error.message : 'unknown' });
    }
  }
}
