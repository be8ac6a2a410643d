import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { checkOutboundUrlResolved } from 'src/common/http/outbound-guard';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { DeliveryAttemptsService, type TestDeliveryResult } from './delivery-attempts.service';
import { DeliveryStateRepository } from './delivery-state.repository';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import type {
  WebhookCreatedResponseDto,
  WebhookDeactivatedResponseDto,
  WebhookListResponseDto,
  WebhookSecretRotatedResponseDto,
} from './dto/webhook-response.dto';
import { encryptedString } from 'src/common/crypto/encrypted-column';
import { Webhook } from './entities/webhook.entity';
import { overlapEnd } from './secret-rotation';
import { newWebhookSecret } from './signing';
import { WebhookClock } from './webhook-clock';
import { toWebhookResponse } from './webhooks.mapper';

export const MAX_ACTIVE_WEBHOOKS = 10;

/** Registration, listing, deactivation and the test event. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectRepository(Webhook) private readonly webhooks: Repository<Webhook>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: DeliveryAttemptsService,
    private readonly deliveryState: DeliveryStateRepository,
    private readonly settings: Settings,
    private readonly clock: WebhookClock,
  ) {}

  /**
   * The URL passes the outbound guard (https, resolving only to public addresses). The count and the insert run
   * under a per-organization advisory lock, so two concurrent registrations cannot make an 11th.
   */
  async create(org: CallerOrg, dto: CreateWebhookDto): Promise<WebhookCreatedResponseDto> {
    const check = await checkOutboundUrlResolved(dto.url, {
      allowInsecure: this.settings.ALLOW_INSECURE_OUTBOUND,
      field: 'url',
      developmentHint: this.settings.NODE_ENV !== 'production',
    });
    if (!check.ok) throw AppException.validation(check.reason);
    const events = [...new Set(dto.events ?? [])];
    const secret = newWebhookSecret();
    const webhook = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`webhooks:${org.id}`]);
      const active = await manager.countBy(Webhook, { orgId: org.id, active: true });
      if (active >= MAX_ACTIVE_WEBHOOKS) {
        throw AppException.validation(
          `at most ${MAX_ACTIVE_WEBHOOKS} active webhooks per organization: delete one before adding another`,
        );
      }
      const row = manager.create(Webhook, { id: newId('webhook'), orgId: org.id, url: dto.url, events, secret });
      return manager.save(row);
    });
    return { ...toWebhookResponse(webhook), secret };
  }

  async list(org: CallerOrg): Promise<WebhookListResponseDto> {
    const rows = await this.webhooks.find({
      where: { orgId: org.id, active: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return { webhooks: rows.map(toWebhookResponse) };
  }

  /**
   * Deactivates (idempotent) and cancels pending deliveries in the same transaction. An attempt already in flight
   * finishes, but schedules no retry (it reads the webhook FOR SHARE and waits for this transaction).
   */
  async deactivate(org: CallerOrg, webhookId: string): Promise<WebhookDeactivatedResponseDto> {
    await this.findOwned(org, webhookId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE webhooks SET active = false, deactivated_at = COALESCE(deactivated_at, now()), updated_at = now()
          WHERE id = $1`,
        [webhookId],
      );
      await this.deliveryState.cancelForWebhook(manager, webhookId);
    });
    return { webhook_id: webhookId, active: false };
  }

  async test(org: CallerOrg, webhookId: string): Promise<TestDeliveryResult> {
    const webhook = await this.findActive(org, webhookId, true);
    return this.attempts.sendTest(webhook);
  }

  /**
   * A new secret; the current one becomes the previous one and signs beside it for 24 hours (a previous one still
   * in its overlap is dropped: at most two secrets sign). One UPDATE, so two rotations at once leave a consistent
   * pair. The new secret is shown only here.
   */
  async rotateSecret(org: CallerOrg, webhookId: string): Promise<WebhookSecretRotatedResponseDto> {
    await this.findActive(org, webhookId);
    const secret = newWebhookSecret();
    const expiresAt = overlapEnd(this.clock.now());
    await this.webhooks.query(
      `UPDATE webhooks SET previous_secret = secret, previous_secret_expires_at = $3, secret = $2, updated_at = now()
        WHERE id = $1`,
      [webhookId, encryptedString.to(secret), expiresAt],
    );
    return { webhook_id: webhookId, secret, previous_secret_expires_at: expiresAt.toISOString() };
  }

  /** The caller's webhook, active or not; another organization's id is a 404. */
  async findOwned(org: CallerOrg, webhookId: string, withSecret = false): Promise<Webhook> {
    if (!looksLikeId('webhook', webhookId)) throw AppException.notFound('webhook');
    const query = this.webhooks
      .createQueryBuilder('w')
      .where('w.id = :id AND w.org_id = :orgId', { id: webhookId, orgId: org.id });
    if (withSecret) query.addSelect('w.secret').addSelect('w.previousSecret');
    const webhook = await query.getOne();
    if (!webhook) throw AppException.notFound('webhook');
    return webhook;
  }

  /** As findOwned, but a deactivated webhook is a 409: it receives nothing any more. */
  async findActive(org: CallerOrg, webhookId: string, withSecret = false): Promise<Webhook> {
    const webhook = await this.findOwned(org, webhookId, withSecret);
    if (!webhook.active) {
      throw new AppException(ErrorCode.Conflict, `webhook ${webhookId} is deactivated: register a new one`);
    }
    return webhook;
  }
}
