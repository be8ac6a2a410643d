import { Injectable } from '@nestjs/common';
import { Settings } from 'src/config/settings';
import { runsWorkers } from 'src/queue/worker-role';
import { DeliveryStateRepository } from './delivery-state.repository';
import { deliveryTimings } from './delivery-timing';

export interface DeliveryConsumption {
  /** Whether this process runs the delivery processor. */
  consumes: boolean;
  /** Deliveries due for longer than `stallAfterMs` and not yet attempted. */
  overdue: number;
  /** Milliseconds since this process last started a delivery job. */
  idleMs: number;
  stalled: boolean;
}

/**
 * Notices a worker that has stopped consuming (a known Bull failure after Redis restarts): due deliveries left
 * unattempted while this process has started no delivery job for the same time. Read by GET /health.
 */
@Injectable()
export class DeliveryMonitor {
  private lastConsumedAt = Date.now();
  private readonly stallAfterMs: number;
  private readonly consumes: boolean;

  constructor(
    private readonly state: DeliveryStateRepository,
    settings: Settings,
  ) {
    this.stallAfterMs = deliveryTimings(settings).stallAfterMs;
    this.consumes = runsWorkers(settings);
  }

  /** Called by the processor for every job it starts. */
  consumed(): void {
    this.lastConsumedAt = Date.now();
  }

  async status(): Promise<DeliveryConsumption> {
    const idleMs = Date.now() - this.lastConsumedAt;
    if (!this.consumes) return { consumes: false, overdue: 0, idleMs, stalled: false };
    const overdue = await this.state.countOverdue(this.stallAfterMs, 1000);
    return { consumes: true, overdue, idleMs, stalled: overdue > 0 && idleMs > this.stallAfterMs };
  }
}
