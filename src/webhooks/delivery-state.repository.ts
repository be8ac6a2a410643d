import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { encryptedString } from 'src/common/crypto/encrypted-column';
import { newId } from 'src/common/ids/ids';
import type { AttemptReport } from './delivery-sender';
import type { WebhookSecrets } from './secret-rotation';
import type { AttemptOutcome } from './entities/webhook-delivery-attempt.entity';
import type { DeliveryStatus } from './entities/webhook-delivery.entity';

/** A delivery leased for one attempt, with its webhook's secrets (which of them sign is decided at sending). */
export interface LeasedAttempt extends WebhookSecrets {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  attempt: number;
  maxAttempts: number;
  url: string;
}

/** One delivery to create for a dispatched event. */
export interface NewDelivery {
  webhookId: string;
  orgId: string;
  eventId: string;
  eventType: string;
}

export interface Subscription {
  id: string;
  orgId: string;
  /** Event types subscribed to; empty: all. */
  events: string[];
}

const INTERRUPTED = 'the attempt was interrupted (the worker stopped); its outcome is unknown';

/**
 * Every state change of a webhook delivery, by name (pending -> delivering -> delivered | pending | failed |
 * cancelled). Each is one statement guarded by the state it expects, so a job run twice, a job racing the
 * sweeper, or a deactivation racing an attempt changes a delivery once. Methods taking a manager run in the
 * caller's transaction.
 */
@Injectable()
export class DeliveryStateRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Active subscriptions of these organizations (read in the dispatcher's transaction). */
  async activeSubscriptions(manager: EntityManager, orgIds: string[]): Promise<Subscription[]> {
    const rows: { id: string; org_id: string; events: string[] }[] = await manager.query(
      `SELECT id, org_id, events FROM webhooks WHERE active AND org_id = ANY($1)`,
      [orgIds],
    );
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, events: r.events }));
  }

  /** Creates the pending, due deliveries of dispatched events (one per event and webhook); returns the new ids. */
  async createPending(manager: EntityManager, deliveries: NewDelivery[], maxAttempts: number): Promise<string[]> {
    if (deliveries.length === 0) return [];
    const column = (pick: (d: NewDelivery) => string): string[] => deliveries.map(pick);
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, org_id, event_id, event_type, status, attempts, max_attempts,
         next_attempt_at)
       SELECT u.id, u.webhook_id, u.org_id, u.event_id, u.event_type, 'pending', 0, $6, now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
           AS u(id, webhook_id, org_id, event_id, event_type)
       ON CONFLICT (event_id, webhook_id) DO NOTHING
       RETURNING id`,
      [
        deliveries.map(() => newId('delivery')),
        column((d) => d.webhookId),
        column((d) => d.orgId),
        column((d) => d.eventId),
        column((d) => d.eventType),
        maxAttempts,
      ],
    );
    return inserted.map((r) => r.id);
  }

  /** A one-attempt delivery already leased for its only attempt (the webhook test, sent at once). */
  async createLeasedTest(manager: EntityManager, delivery: NewDelivery, leaseMs: number): Promise<string> {
    const deliveryId = newId('delivery');
    await manager.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, org_id, event_id, event_type, status, attempts, max_attempts,
         locked_until, last_attempt_at)
       VALUES ($1, $2, $3, $4, $5, 'delivering', 1, 1, now() + $6::float8 * interval '1 millisecond', now())`,
      [deliveryId, delivery.webhookId, delivery.orgId, delivery.eventId, delivery.eventType, leaseMs],
    );
    return deliveryId;
  }

  /**
   * pending and due (within `slackMs`) -> delivering, attempts + 1, leased for `leaseMs`; only while the webhook is
   * active and attempts remain. Undefined when the delivery is not claimable (not due, finished, gone).
   */
  async claim(deliveryId: string, leaseMs: number, slackMs: number): Promise<LeasedAttempt | undefined> {
    const rows: {
      id: string;
      webhook_id: string;
      event_id: string;
      attempts: number;
      max_attempts: number;
      url: string;
      secret: Buffer;
      previous_secret: Buffer | null;
      previous_secret_expires_at: Date | null;
    }[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries d
            SET status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now(),
                locked_until = now() + $2::float8 * interval '1 millisecond'
           FROM webhooks w
          WHERE d.id = $1 AND w.id = d.webhook_id AND w.active AND d.status = 'pending'
            AND d.attempts < d.max_attempts AND d.next_attempt_at <= now() + $3::float8 * interval '1 millisecond'
         RETURNING d.id, d.webhook_id, d.event_id, d.attempts, d.max_attempts, w.url, w.secret, w.previous_secret,
                   w.previous_secret_expires_at)
       SELECT * FROM claimed`,
      [deliveryId, leaseMs, slackMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      deliveryId: row.id,
      webhookId: row.webhook_id,
      eventId: row.event_id,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      url: row.url,
      secret: encryptedString.from(row.secret) as string,
      previousSecret: encryptedString.from(row.previous_secret) as string | null,
      previousSecretExpiresAt: row.previous_secret_expires_at,
    };
  }

  /** A pending delivery of a deactivated webhook -> cancelled. */
  async cancelIfWebhookInactive(deliveryId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries d SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
         FROM webhooks w
        WHERE d.id = $1 AND w.id = d.webhook_id AND NOT w.active AND d.status = 'pending'`,
      [deliveryId],
    );
  }

  /** Every pending delivery of the webhook -> cancelled (with its deactivation, in the same transaction). */
  async cancelForWebhook(manager: EntityManager, webhookId: string): Promise<void> {
    await manager.query(
      `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
        WHERE webhook_id = $1 AND status = 'pending'`,
      [webhookId],
    );
  }

  /**
   * Whether the webhook is active, read FOR SHARE: a deactivation running at the same time either waits for the
   * caller's transaction (and then cancels its retry) or is seen here.
   */
  async lockWebhookActive(manager: EntityManager, webhookId: string): Promise<boolean> {
    const rows: { active: boolean }[] = await manager.query(`SELECT active FROM webhooks WHERE id = $1 FOR SHARE`, [
      webhookId,
    ]);
    return rows[0]?.active === true;
  }

  /** delivering -> delivered, with the attempt recorded. */
  markDelivered(manager: EntityManager, attempt: LeasedAttempt, report: AttemptReport): Promise<void> {
    return this.settle(manager, attempt, report, 'delivered', 'delivered');
  }

  /** delivering -> pending, due in `delayMs`, with the attempt recorded as a retry. */
  scheduleRetry(manager: EntityManager, attempt: LeasedAttempt, report: AttemptReport, delayMs: number): Promise<void> {
    return this.settle(manager, attempt, report, 'pending', 'retry', delayMs);
  }

  /** delivering -> failed (no attempt left, or a final answer), with the attempt recorded. */
  fail(manager: EntityManager, attempt: LeasedAttempt, report: AttemptReport): Promise<void> {
    return this.settle(manager, attempt, report, 'failed', 'failed');
  }

  /** delivering -> cancelled: a retry was due but the webhook was deactivated meanwhile. */
  cancelAfterAttempt(manager: EntityManager, attempt: LeasedAttempt, report: AttemptReport): Promise<void> {
    return this.settle(manager, attempt, report, 'cancelled', 'failed');
  }

  /**
   * delivered | failed | cancelled -> pending and due now, with one more attempt allowed (manual redelivery).
   * Returns the attempts made so far, or undefined while an attempt is scheduled or in flight.
   */
  async reopen(deliveryId: string): Promise<number | undefined> {
    const rows: { attempts: number }[] = await this.dataSource.query(
      `WITH again AS (
         UPDATE webhook_deliveries
            SET status = 'pending', max_attempts = attempts + 1, next_attempt_at = now(), updated_at = now()
          WHERE id = $1 AND status IN ('delivered', 'failed', 'cancelled')
         RETURNING attempts)
       SELECT attempts FROM again`,
      [deliveryId],
    );
    return rows[0]?.attempts;
  }

  /**
   * delivering with its lease run out (the worker died mid-attempt) -> pending and due now (or failed when no
   * attempt is left), the attempt recorded as interrupted.
   */
  async recoverExpiredLeases(): Promise<void> {
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
      [INTERRUPTED],
    );
  }

  /** Previous secrets whose rotation overlap has ended are dropped: they sign nothing any more. */
  async forgetExpiredSecrets(): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhooks SET previous_secret = NULL, previous_secret_expires_at = NULL, updated_at = now()
        WHERE previous_secret_expires_at < now()`,
    );
  }

  /** Pending deliveries due for longer than `overdueMs`, oldest first (the sweeper checks their jobs). */
  async overdue(overdueMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
    return this.dataSource.query(
      `SELECT id, attempts FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at < now() - $1::float8 * interval '1 millisecond'
        ORDER BY next_attempt_at LIMIT $2`,
      [overdueMs, limit],
    );
  }

  /** How many pending deliveries are due for longer than `overdueMs` (counted up to `cap`). */
  async countOverdue(overdueMs: number, cap: number): Promise<number> {
    const [{ overdue }]: { overdue: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS overdue FROM (
         SELECT 1 FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at < now() - $1::float8 * interval '1 millisecond' LIMIT $2) o`,
      [overdueMs, cap],
    );
    return overdue;
  }

  /**
   * Records the attempt and moves the delivery on. No delivery row changes when the lease ran out meanwhile and
   * the sweeper already moved it on (status or attempt count differ).
   */
  private async settle(
    manager: EntityManager,
    attempt: LeasedAttempt,
    report: AttemptReport,
    status: Exclude<DeliveryStatus, 'delivering'>,
    outcome: AttemptOutcome,
    delayMs = 0,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error, outcome)
       VALUES ($1, $2, now() - $3::int * interval '1 millisecond', $3, $4, $5, $6)
       ON CONFLICT (delivery_id, attempt) DO UPDATE SET duration_ms = EXCLUDED.duration_ms,
         status_code = EXCLUDED.status_code, error = EXCLUDED.error, outcome = EXCLUDED.outcome, updated_at = now()`,
      [attempt.deliveryId, attempt.attempt, report.durationMs, report.statusCode, report.error, outcome],
    );
    await manager.query(
      `UPDATE webhook_deliveries
          SET status = $2::text, locked_until = NULL, last_status_code = $3, last_error = $4, updated_at = now(),
              next_attempt_at = CASE WHEN $2::text = 'pending' THEN now() + $5::float8 * interval '1 millisecond' END,
              delivered_at = CASE WHEN $2::text = 'delivered' THEN now() ELSE delivered_at END
        WHERE id = $1 AND status = 'delivering' AND attempts = $6`,
      [attempt.deliveryId, status, report.statusCode, report.error, delayMs, attempt.attempt],
    );
  }
}
