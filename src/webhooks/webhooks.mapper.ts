import type { DeliveryAttemptDto, DeliveryResponseDto } from './dto/delivery.dto';
import type { WebhookResponseDto } from './dto/webhook-response.dto';
import type { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import type { WebhookDelivery } from './entities/webhook-delivery.entity';
import type { Webhook } from './entities/webhook.entity';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toWebhookResponse(webhook: Webhook): WebhookResponseDto {
  return {
    webhook_id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    created_at: webhook.createdAt.toISOString(),
  };
}

export function toAttemptResponse(attempt: WebhookDeliveryAttempt): DeliveryAttemptDto {
  return {
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt.toISOString(),
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    outcome: attempt.outcome,
  };
}

export function toDeliveryResponse(delivery: WebhookDelivery, attempts: WebhookDeliveryAttempt[]): DeliveryResponseDto {
  return {
    delivery_id: delivery.id,
    webhook_id: delivery.webhookId,
    event_id: delivery.eventId,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    max_attempts: delivery.maxAttempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_attempt_at: iso(delivery.lastAttemptAt),
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    delivered_at: iso(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
    attempt_history: attempts.map(toAttemptResponse),
  };
}
