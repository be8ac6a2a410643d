import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Settings } from 'src/config/settings';
import { EventsService } from 'src/events/events.service';
import { runsWorkers } from 'src/queue/worker-role';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryStateRepository } from './delivery-state.repository';
import { DISPATCH_POLL_MS } from './delivery-timing';

const BATCH = 200;
const ERROR_PAUSE_MS = 1_000;

/**
 * The outbox relay (worker processes only). Claims undispatched events with FOR UPDATE SKIP LOCKED, and in the
 * same transaction creates one delivery per matching active subscription and marks the events dispatched; the
 * Bull jobs are queued after the commit. A crash before the commit leaves the events for the next claim; a crash
 * after it leaves pending deliveries that the sweeper queues. Polls every 50 ms on the partial index
 * `dispatched_at IS NULL`, and again at once while batches come back full.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly state: DeliveryStateRepository,
    private readonly queue: DeliveryQueueService,
    private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorkers(this.settings)) return;
    this.running = true;
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Dispatches one batch; returns how many events it claimed. */
  async dispatchOnce(): Promise<number> {
    if (!(await this.events.hasUndispatched())) return 0;
    const { claimed, deliveryIds } = await this.dataSource.transaction(async (manager) => {
      const events = await this.events.claimUndispatched(manager, BATCH);
      if (events.length === 0) return { claimed: 0, deliveryIds: [] as string[] };
      const webhooks = await this.state.activeSubscriptions(manager, [...new Set(events.map((e) => e.orgId))]);
      const deliveries = events.flatMap((event) =>
        webhooks
          .filter((w) => w.orgId === event.orgId && (w.events.length === 0 || w.events.includes(event.type)))
          .map((w) => ({ webhookId: w.id, orgId: event.orgId, eventId: event.id, eventType: event.type })),
      );
      const created = await this.state.createPending(manager, deliveries, this.settings.WEBHOOK_MAX_ATTEMPTS);
      await this.events.markDispatched(
        manager,
        events.map((e) => e.id),
      );
      return { claimed: events.length, deliveryIds: created };
    });
    await this.queue.schedule(deliveryIds.map((deliveryId) => ({ deliveryId, attempt: 1, delayMs: 0 })));
    return claimed;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.dispatchOnce();
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'dispatching webhook events failed; retrying');
        await this.pause(ERROR_PAUSE_MS);
        continue;
      }
      if (claimed < BATCH) await this.pause(DISPATCH_POLL_MS);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
