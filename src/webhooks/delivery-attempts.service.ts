import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { encryptedString } from 'src/common/crypto/encrypted-column';
import { newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { EventsService } from 'src/events/events.service';
import { type AttemptReport, sendSigned } from './delivery-sender';
import { DeliveryQueueService } from './delivery-queue.service';
import { DELIVERY_LEASE_MS } from './delivery-timing';
import { envelopeBody, type EnvelopeSource } from './envelope';
import type { AttemptOutcome } from './entities/webhook-delivery-attempt.entity';
import type { DeliveryStatus } from './entities/webhook-delivery.entity';
import { nextAttemptDelayMs } from './retry-policy';

/** A delivery leased for one attempt, with what is needed to send it. */
interface ClaimedAttempt {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  maxAttempts: number;
  url: string;
  secret: string;
  event: EnvelopeSource | null;
}

interface ClaimRow {
  id: string;
  webhook_id: string;
  attempts: number;
  max_attempts: number;
  url: string;
  secret: Buffer;
  event_type: string | null;
  event_org_id: string | null;
  event_data: Record<string, unknown> | null;
  event_created_at: Date | null;
}

export interface TestDeliveryResult {
  delivered: boolean;
  status_code: number | null;
  error: string | null;
}

/** Lets a job that fires a hair early (clock rounding) still claim its attempt. */
const CLAIM_SLACK_MS = 250;

/**
 * Makes attempts. Claiming is one atomic UPDATE (pending and due -> delivering, attempts + 1, leased), so a job run
 * twice, or a job and the sweeper racing, still send each attempt once. The outcome, the attempt record and the
 * next schedule are written together; the Bull job for the next attempt is queued after the commit.
 */
@Injectable()
export class DeliveryAttemptsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueueService,
    private readonly events: EventsService,
    private readonly settings: Settings,
  ) {}

  /** The job of the delivery queue. Skips quietly when the delivery is not due, finished or gone. */
  async run(deliveryId: string): Promise<void> {
    const claim = await this.claim(deliveryId);
    if (!claim) {
      await this.cancelIfDeactivated(deliveryId);
      return;
    }
    const report: AttemptReport = claim.event
      ? await this.send(claim, envelopeBody(claim.event))
      : { verdict: 'stop', statusCode: null, error: 'the event no longer exists', durationMs: 0 };
    const delayMs = await this.finish(claim, report);
    if (delayMs !== undefined) {
      await this.queue.schedule([{ deliveryId, attempt: claim.attempt + 1, delayMs }]);
    }
  }

  /**
   * POST /webhooks/{id}/test: a `test` event (recorded as already dispatched, so it reaches this webhook only)
   * and a one-attempt delivery, sent synchronously. Recorded like any delivery; never retried.
   */
  async sendTest(webhook: { id: string; orgId: string; url: string; secret: string }): Promise<TestDeliveryResult> {
    const claim = await this.dataSource.transaction(async (manager) => {
      const event = await this.events.record(manager, webhook.orgId, 'test', { webhook_id: webhook.id });
      await manager.query(`UPDATE events SET dispatched_at = now(), updated_at = now() WHERE id = $1`, [event.id]);
      const deliveryId = newId('delivery');
      await manager.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, org_id, event_id, event_type, status, attempts, max_attempts,
           locked_until, last_attempt_at)
         VALUES ($1, $2, $3, $4, 'test', 'delivering', 1, 1, now() + $5::float8 * interval '1 millisecond', now())`,
        [deliveryId, webhook.id, webhook.orgId, event.id, DELIVERY_LEASE_MS],
      );
      const attempt: ClaimedAttempt = {
        deliveryId,
        webhookId: webhook.id,
        attempt: 1,
        maxAttempts: 1,
        url: webhook.url,
        secret: webhook.secret,
        event: { type: event.type, orgId: event.orgId, createdAt: event.createdAt, data: event.data },
      };
      return attempt;
    });
    const report = await this.send(claim, envelopeBody(claim.event!));
    await this.finish(claim, report);
    return { delivered: report.verdict === 'delivered', status_code: report.statusCode, error: report.error };
  }

  private send(claim: ClaimedAttempt, body: string): Promise<AttemptReport> {
    return sendSigned({
      url: claim.url,
      secret: claim.secret,
      deliveryId: claim.deliveryId,
      body,
      allowInsecure: this.settings.ALLOW_INSECURE_OUTBOUND,
    });
  }

  private async claim(deliveryId: string): Promise<ClaimedAttempt | undefined> {
    const rows: ClaimRow[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries d
            SET status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now(),
                locked_until = now() + $2::float8 * interval '1 millisecond'
           FROM webhooks w
          WHERE d.id = $1 AND w.id = d.webhook_id AND w.active AND d.status = 'pending'
            AND d.attempts < d.max_attempts AND d.next_attempt_at <= now() + $3::float8 * interval '1 millisecond'
         RETURNING d.id, d.webhook_id, d.event_id, d.attempts, d.max_attempts, w.url, w.secret)
       SELECT c.*, e.type AS event_type, e.org_id AS event_org_id, e.data AS event_data,
              e.created_at AS event_created_at
         FROM claimed c LEFT JOIN events e ON e.id = c.event_id`,
      [deliveryId, DELIVERY_LEASE_MS, CLAIM_SLACK_MS],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      deliveryId: row.id,
      webhookId: row.webhook_id,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      url: row.url,
      secret: encryptedString.from(row.secret) as string,
      event:
        row.event_type === null
          ? null
          : {
              type: row.event_type,
              orgId: row.event_org_id!,
              createdAt: row.event_created_at!,
              data: row.event_data ?? {},
            },
    };
  }

  private async cancelIfDeactivated(deliveryId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries d SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
         FROM webhooks w
        WHERE d.id = $1 AND w.id = d.webhook_id AND NOT w.active AND d.status = 'pending'`,
      [deliveryId],
    );
  }

  /**
   * Records the attempt and settles the delivery; returns the delay of the next attempt when one is scheduled.
   * The webhook row is read FOR SHARE, so a concurrent deactivation either sees this retry (and cancels it) or is
   * seen here.
   */
  private async finish(claim: ClaimedAttempt, report: AttemptReport): Promise<number | undefined> {
    const retry = report.verdict === 'retry' && claim.attempt < claim.maxAttempts;
    const delayMs = retry
      ? nextAttemptDelayMs(
          claim.attempt,
          { baseMs: this.settings.WEBHOOK_RETRY_BASE_MS, maxMs: this.settings.WEBHOOK_RETRY_MAX_MS },
          report.statusCode === null ? undefined : { status: report.statusCode, retryAfter: report.retryAfter },
        )
      : undefined;
    return this.dataSource.transaction(async (manager) => {
      const active = await this.isActive(manager, claim.webhookId);
      const status: DeliveryStatus =
        report.verdict === 'delivered' ? 'delivered' : retry ? (active ? 'pending' : 'cancelled') : 'failed';
      const outcome: AttemptOutcome =
        report.verdict === 'delivered' ? 'delivered' : status === 'pending' ? 'retry' : 'failed';
      await manager.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error, outcome)
         VALUES ($1, $2, now() - $3::int * interval '1 millisecond', $3, $4, $5, $6)
         ON CONFLICT (delivery_id, attempt) DO UPDATE SET duration_ms = EXCLUDED.duration_ms,
           status_code = EXCLUDED.status_code, error = EXCLUDED.error, outcome = EXCLUDED.outcome, updated_at = now()`,
        [claim.deliveryId, claim.attempt, report.durationMs, report.statusCode, report.error, outcome],
      );
      // No row changes when the lease ran out meanwhile and the sweeper moved the delivery on.
      await manager.query(
        `UPDATE webhook_deliveries
            SET status = $2::text, locked_until = NULL, last_status_code = $3, last_error = $4, updated_at = now(),
                next_attempt_at = CASE WHEN $2::text = 'pending' THEN now() + $5::float8 * interval '1 millisecond' END,
                delivered_at = CASE WHEN $2::text = 'delivered' THEN now() ELSE delivered_at END
          WHERE id = $1 AND status = 'delivering' AND attempts = $6`,
        [claim.deliveryId, status, report.statusCode, report.error, delayMs ?? 0, claim.attempt],
      );
      return status === 'pending' ? delayMs : undefined;
    });
  }

  private async isActive(manager: EntityManager, webhookId: string): Promise<boolean> {
    const rows: { active: boolean }[] = await manager.query(`SELECT active FROM webhooks WHERE id = $1 FOR SHARE`, [
      webhookId,
    ]);
    return rows[0]?.active === true;
  }
}
