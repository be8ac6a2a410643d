import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { CallerOrg } from 'src/common/auth/caller';
import { IdempotencyInterceptor } from 'src/common/idempotency/idempotency.interceptor';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { DeliveryListResponseDto, DeliveryResponseDto, ListDeliveriesQueryDto } from './dto/delivery.dto';
import {
  WebhookCreatedResponseDto,
  WebhookDeactivatedResponseDto,
  WebhookListResponseDto,
  WebhookSecretRotatedResponseDto,
  WebhookTestResponseDto,
} from './dto/webhook-response.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksService } from './webhooks.service';

@ApiTags('Webhooks')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Post()
  @RequireScopes('webhooks:manage')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({
    summary: 'Register a webhook',
    description:
      'Scope: webhooks:manage. `url` must be https:// and resolve only to public addresses. `events` omitted or ' +
      'empty means every kind, including kinds added later. At most 10 active webhooks per organization. The ' +
      '`secret` is returned only here. Deliveries are signed twice: `X-Service-Signature: t=<unix>,v1=<hex ' +
      'HMAC-SHA256 of "<t>.<raw body>" keyed with the whole secret>` (the Stripe format), with ' +
      "`X-Service-Delivery-Id` to deduplicate on; and Standard Webhooks' `webhook-id` (the delivery id), " +
      '`webhook-timestamp` (the same t) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<t>.<raw body>" ' +
      'keyed with the base64-decoded part after whsec_>` (the standardwebhooks libraries verify it with the ' +
      'secret as issued).',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes retries safe for 24 hours' })
  @ApiCreatedResponse({ type: WebhookCreatedResponseDto })
  @ApiErrorResponses(400, 409, 422)
  create(@CurrentOrg() org: CallerOrg, @Body() dto: CreateWebhookDto): Promise<WebhookCreatedResponseDto> {
    return this.webhooks.create(org, dto);
  }

  @Get()
  @RequireScopes('webhooks:manage')
  @ApiOperation({ summary: 'List active webhooks', description: 'Scope: webhooks:manage. Never includes secrets.' })
  @ApiOkResponse({ type: WebhookListResponseDto })
  list(@CurrentOrg() org: CallerOrg): Promise<WebhookListResponseDto> {
    return this.webhooks.list(org);
  }

  @Delete(':webhook_id')
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Deactivate a webhook',
    description: 'Scope: webhooks:manage. Pending deliveries and retries to it stop. Repeating it is harmless.',
  })
  @ApiOkResponse({ type: WebhookDeactivatedResponseDto })
  @ApiErrorResponses(404)
  deactivate(
    @CurrentOrg() org: CallerOrg,
    @Param('webhook_id') webhookId: string,
  ): Promise<WebhookDeactivatedResponseDto> {
    return this.webhooks.deactivate(org, webhookId);
  }

  @Post(':webhook_id/test')
  @HttpCode(200)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Send a signed test event now',
    description:
      'Scope: webhooks:manage. Delivers one `test` event synchronously (10 s timeout, no retry) and reports the ' +
      "receiver's status code or the transport error. 409 when the webhook is deactivated.",
  })
  @ApiOkResponse({ type: WebhookTestResponseDto })
  @ApiErrorResponses(404, 409)
  test(@CurrentOrg() org: CallerOrg, @Param('webhook_id') webhookId: string): Promise<WebhookTestResponseDto> {
    return this.webhooks.test(org, webhookId);
  }

  @Post(':webhook_id/rotate-secret')
  @HttpCode(200)
  @RequireScopes('webhooks:manage')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({
    summary: 'Rotate the signing secret',
    description:
      'Scope: webhooks:manage. Returns a new secret (shown only here). For 24 hours (until ' +
      '`previous_secret_expires_at`) every delivery is signed with both secrets: two `v1=` entries in ' +
      '`X-Service-Signature` and two space-separated entries in `webhook-signature`, the new one first, so a ' +
      'receiver can switch secrets at any moment of the overlap. Rotating again during an overlap drops the oldest ' +
      'secret at once. 409 when the webhook is deactivated.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retried rotation returns the same secret' })
  @ApiOkResponse({ type: WebhookSecretRotatedResponseDto })
  @ApiErrorResponses(404, 409)
  rotateSecret(
    @CurrentOrg() org: CallerOrg,
    @Param('webhook_id') webhookId: string,
  ): Promise<WebhookSecretRotatedResponseDto> {
    return this.webhooks.rotateSecret(org, webhookId);
  }

  @Get(':webhook_id/deliveries')
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: "A webhook's recent deliveries",
    description:
      'Scope: webhooks:manage. Newest first, each with its status and every attempt (time, status code or ' +
      'transport error, duration). Follow next_cursor until it is absent.',
  })
  @ApiOkResponse({ type: DeliveryListResponseDto })
  @ApiErrorResponses(400, 404)
  listDeliveries(
    @CurrentOrg() org: CallerOrg,
    @Param('webhook_id') webhookId: string,
    @Query() query: ListDeliveriesQueryDto,
  ): Promise<DeliveryListResponseDto> {
    return this.deliveries.list(org, webhookId, query);
  }

  @Post(':webhook_id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'Redeliver',
    description:
      'Scope: webhooks:manage. Queues one more attempt with the same delivery id (freshly signed). 409 while an ' +
      'attempt is scheduled or in flight, or when the webhook is deactivated.',
  })
  @ApiAcceptedResponse({ type: DeliveryResponseDto })
  @ApiErrorResponses(404, 409)
  redeliver(
    @CurrentOrg() org: CallerOrg,
    @Param('webhook_id') webhookId: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<DeliveryResponseDto> {
    return this.deliveries.redeliver(org, webhookId, deliveryId);
  }
}
