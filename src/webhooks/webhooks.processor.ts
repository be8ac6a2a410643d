import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { QUEUES, type DeliveryJob } from 'src/queue/queues';
import { DeliveryAttemptsService } from './delivery-attempts.service';
import { DeliveryMonitor } from './delivery-monitor.service';
import { deliveryConcurrency } from './delivery-timing';

/** Consumes the delivery queue: each job is one attempt of one delivery. */
@Processor(QUEUES.delivery)
export class WebhooksProcessor {
  constructor(
    private readonly attempts: DeliveryAttemptsService,
    private readonly monitor: DeliveryMonitor,
  ) {}

  @Process({ concurrency: deliveryConcurrency() })
  async deliver(job: Job<DeliveryJob>): Promise<void> {
    this.monitor.consumed();
    await this.attempts.run(job.data.deliveryId);
  }
}
