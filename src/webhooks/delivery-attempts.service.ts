import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Settings } from 'src/config/settings';
import { EventsService } from 'src/events/events.service';
import { type AttemptReport, sendSigned } from './delivery-sender';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryStateRepository, type LeasedAttempt } from './delivery-state.repository';
import { DELIVERY_LEASE_MS } from './delivery-timing';
import { envelopeBody, type EnvelopeSource } from 'src/events/envelope';
import { nextAttemptDelayMs } from './retry-policy';
import { liveSecrets, type WebhookSecrets } from './secret-rotation';
import { WebhookClock } from './webhook-clock';

/** A delivery leased for one attempt, with the event it sends (null when the event is gone). */
interface ClaimedAttempt extends LeasedAttempt {
  event: EnvelopeSource | null;
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
    private readonly state: DeliveryStateRepository,
    private readonly queue: DeliveryQueueService,
    private readonly events: EventsService,
    private readonly settings: Settings,
    private readonly clock: WebhookClock,
  ) {}

  /** The job of the delivery queue. Skips quietly when the delivery is not due, finished or gone. */
  async run(deliveryId: string): Promise<void> {
    const claim = await this.claim(deliveryId);
    if (!claim) {
      await this.state.cancelIfWebhookInactive(deliveryId);
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
  async sendTest(webhook: { id: string; orgId: string; url: string } & WebhookSecrets): Promise<TestDeliveryResult> {
    const claim = await this.dataSource.transaction(async (manager) => {
      const event = await this.events.recordDispatched(manager, webhook.orgId, 'test', { webhook_id: webhook.id });
      const delivery = { webhookId: webhook.id, orgId: webhook.orgId, eventId: event.id, eventType: event.type };
      const attempt: ClaimedAttempt = {
        deliveryId: await this.state.createLeasedTest(manager, delivery, DELIVERY_LEASE_MS),
        webhookId: webhook.id,
        eventId: event.id,
        attempt: 1,
        maxAttempts: 1,
        url: webhook.url,
        secret: webhook.secret,
        previousSecret: webhook.previousSecret,
        previousSecretExpiresAt: webhook.previousSecretExpiresAt,
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
      secrets: liveSecrets(claim, this.clock.now()),
      deliveryId: claim.deliveryId,
      body,
      allowInsecure: this.settings.ALLOW_INSECURE_OUTBOUND,
    });
  }

  private async claim(deliveryId: string): Promise<ClaimedAttempt | undefined> {
    const leased = await this.state.claim(deliveryId, DELIVERY_LEASE_MS, CLAIM_SLACK_MS);
    if (!leased) return undefined;
    const event = await this.events.find(leased.eventId);
    return {
      ...leased,
      event: event && { type: event.type, orgId: event.orgId, createdAt: event.createdAt, data: event.data },
    };
  }

  /**
   * Records the attempt and settles the delivery; returns the delay of the next attempt when one is scheduled.
   * Before a retry the webhook row is read FOR SHARE, so a concurrent deactivation either sees this retry (and
   * cancels it) or is seen here.
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
      if (report.verdict === 'delivered') {
        await this.state.markDelivered(manager, claim, report);
      } else if (delayMs === undefined) {
        await this.state.fail(manager, claim, report);
      } else if (await this.state.lockWebhookActive(manager, claim.webhookId)) {
        await this.state.scheduleRetry(manager, claim, report, delayMs);
        return delayMs;
      } else {
        await this.state.cancelAfterAttempt(manager, claim, report);
      }
      return undefined;
    });
  }
}
