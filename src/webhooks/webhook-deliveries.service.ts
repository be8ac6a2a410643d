import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { looksLikeId } from 'src/common/ids/ids';
import { decodeDeliveryCursor, encodeDeliveryCursor } from './delivery-cursor';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryStateRepository } from './delivery-state.repository';
import type { DeliveryListResponseDto, DeliveryResponseDto, ListDeliveriesQueryDto } from './dto/delivery.dto';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { toDeliveryResponse } from './webhooks.mapper';
import { WebhooksService } from './webhooks.service';

const DEFAULT_LIMIT = 25;

/** A subscription's delivery history, and manual redelivery. */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(WebhookDeliveryAttempt) private readonly attempts: Repository<WebhookDeliveryAttempt>,
    private readonly state: DeliveryStateRepository,
    private readonly webhooks: WebhooksService,
    private readonly queue: DeliveryQueueService,
  ) {}

  /** Newest first, keyset-paged on (created_at, id); works for deactivated webhooks too. */
  async list(org: CallerOrg, webhookId: string, query: ListDeliveriesQueryDto): Promise<DeliveryListResponseDto> {
    await this.webhooks.findOwned(org, webhookId);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const builder = this.deliveries
      .createQueryBuilder('d')
      .addSelect(`to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursor_at')
      .where('d.webhook_id = :webhookId AND d.org_id = :orgId', { webhookId, orgId: org.id })
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .limit(limit + 1);
    if (query.cursor) {
      const after = decodeDeliveryCursor(query.cursor);
      builder.andWhere('(d.created_at, d.id) < (:at::timestamptz, :id)', { at: after.createdAt, id: after.id });
    }
    const { entities, raw } = await builder.getRawAndEntities<{ cursor_at: string }>();
    const page = entities.slice(0, limit);
    const history = await this.history(page.map((d) => d.id));
    const body: DeliveryListResponseDto = {
      deliveries: page.map((d) => toDeliveryResponse(d, history.get(d.id) ?? [])),
    };
    if (entities.length > limit) {
      body.next_cursor = encodeDeliveryCursor({ createdAt: raw[limit - 1].cursor_at, id: page[limit - 1].id });
    }
    return body;
  }

  /**
   * One more attempt with the same delivery id, whatever the delivery's outcome so far (delivered, failed or
   * cancelled). 409 while an attempt is already scheduled or in flight, or when the webhook is deactivated.
   */
  async redeliver(org: CallerOrg, webhookId: string, deliveryId: string): Promise<DeliveryResponseDto> {
    await this.webhooks.findActive(org, webhookId);
    const found = looksLikeId('delivery', deliveryId)
      ? await this.deliveries.findOneBy({ id: deliveryId, webhookId, orgId: org.id })
      : null;
    if (!found) throw AppException.notFound('delivery');
    const attempts = await this.state.reopen(deliveryId);
    if (attempts === undefined) {
      throw new AppException(
        ErrorCode.Conflict,
        'an attempt of this delivery is already scheduled or in flight: wait for its outcome',
      );
    }
    await this.queue.schedule([{ deliveryId, attempt: attempts + 1, delayMs: 0 }]);
    const delivery = await this.deliveries.findOneByOrFail({ id: deliveryId });
    return toDeliveryResponse(delivery, (await this.history([deliveryId])).get(deliveryId) ?? []);
  }

  private async history(deliveryIds: string[]): Promise<Map<string, WebhookDeliveryAttempt[]>> {
    const byDelivery = new Map<string, WebhookDeliveryAttempt[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await this.attempts.find({
      where: { deliveryId: In(deliveryIds) },
      order: { deliveryId: 'ASC', attempt: 'ASC' },
    });
    for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
    return byDelivery;
  }
}
