import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { DeliveryQueueService } from './delivery-queue.service';
import { DISPATCH_POLL_MS } from './delivery-timing';

const BATCH = 200;
const ERROR_PAUSE_MS = 1_000;

interface ClaimedEvent {
  id: string;
  org_id: string;
  type: string;
}

interface ActiveWebhook {
  id: string;
  org_id: string;
  events: string[];
}

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
    private readonly queue: DeliveryQueueService,
    private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
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
    const waiting: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM events WHERE dispatched_at IS NULL ORDER BY created_at LIMIT 1`,
    );
    if (waiting.length === 0) return 0;
    const { claimed, deliveryIds } = await this.dataSource.transaction(async (manager) => {
      const events: ClaimedEvent[] = await manager.query(
        `SELECT id, org_id, type FROM events WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1
           FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (events.length === 0) return { claimed: 0, deliveryIds: [] as string[] };
      const orgIds = [...new Set(events.map((e) => e.org_id))];
      const webhooks: ActiveWebhook[] = await manager.query(
        `SELECT id, org_id, events FROM webhooks WHERE active AND org_id = ANY($1)`,
        [orgIds],
      );
      const rows = events.flatMap((event) =>
        webhooks
          .filter((w) => w.org_id === event.org_id && (w.events.length === 0 || w.events.includes(event.type)))
          .map((w) => [newId('delivery'), w.id, event.org_id, event.id, event.type]),
      );
      let inserted: { id: string }[] = [];
      if (rows.length > 0) {
        const columns = [0, 1, 2, 3, 4].map((i) => rows.map((row) => row[i]));
        inserted = await manager.query(
          `INSERT INTO webhook_deliveries (id, webhook_id, org_id, event_id, event_type, status, attempts, max_attempts,
             next_attempt_at)
           SELECT u.id, u.webhook_id, u.org_id, u.event_id, u.event_type, 'pending', 0, $6, now()
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
               AS u(id, webhook_id, org_id, event_id, event_type)
           ON CONFLICT (event_id, webhook_id) DO NOTHING
           RETURNING id`,
          [...columns, this.settings.WEBHOOK_MAX_ATTEMPTS],
        );
      }
      await manager.query(`UPDATE events SET dispatched_at = now(), updated_at = now() WHERE id = ANY($1)`, [
        events.map((e) => e.id),
      ]);
      return { claimed: events.length, deliveryIds: inserted.map((r) => r.id) };
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
