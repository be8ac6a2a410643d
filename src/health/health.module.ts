import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { WebhooksModule } from 'src/webhooks/webhooks.module';
import { HealthController } from './health.controller';
import { QueueConsumptionHealthIndicator } from './queue-consumption.health';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), WebhooksModule],
  controllers: [HealthController],
  providers: [RedisHealthIndicator, QueueConsumptionHealthIndicator],
})
export class HealthModule {}
