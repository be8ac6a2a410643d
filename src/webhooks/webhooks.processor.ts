import { InjectQueue } from '@nestjs/bull';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { Settings } from 'src/config/settings';
import { QUEUES, type DeliveryJob } from 'src/queue/queues';
import { consumeInWorkers } from 'src/queue/worker-role';
import { DeliveryAttemptsService } from './delivery-attempts.service';
import { DeliveryMonitor } from './delivery-monitor.service';
import { deliveryConcurrency } from './delivery-timing';

/** Consumes the delivery queue: each job is one attempt of one delivery. */
@Injectable()
export class WebhooksProcessor implements OnModuleInit {
  constructor(
    private readonly attempts: DeliveryAttemptsService,
    private readonly monitor: DeliveryMonitor,
    @InjectQueue(QUEUES.delivery) private readonly queue: Queue<DeliveryJob>,
    private readonly settings: Settings,
  ) {}

  onModuleInit(): void {
    consumeInWorkers(this.queue, this.settings, deliveryConcurrency(this.settings), (job) => this.deliver(job.data));
  }

  private async deliver(job: DeliveryJob): Promise<void> {
    this.monitor.consumed();
    await this.attempts.run(job.deliveryId);
  }
}
