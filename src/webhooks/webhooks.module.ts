import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from 'src/events/events.module';
import { DeliveryAttemptsService } from './delivery-attempts.service';
import { DeliveryMonitor } from './delivery-monitor.service';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryStateRepository } from './delivery-state.repository';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { Webhook } from './entities/webhook.entity';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookClock } from './webhook-clock';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksProcessor } from './webhooks.processor';
import { WebhooksService } from './webhooks.service';
import { WebhooksSweeper } from './webhooks.sweeper';

/**
 * Webhook subscriptions and delivery. The dispatcher (outbox relay), the delivery processor and the sweeper run
 * in worker processes only; the API process serves management and the synchronous test event.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Webhook, WebhookDelivery, WebhookDeliveryAttempt]), EventsModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookDeliveriesService,
    DeliveryAttemptsService,
    DeliveryQueueService,
    DeliveryStateRepository,
    DeliveryMonitor,
    WebhookClock,
    WebhookDispatcher,
    WebhooksProcessor,
    WebhooksSweeper,
  ],
  exports: [WebhooksService, DeliveryMonitor],
})
export class WebhooksModule {}
