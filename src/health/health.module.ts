import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { WebhooksModule } from 'src/webhooks/webhooks.module';
import { HealthController } from './health.controller';
import { LifecycleService } from 'src/lifecycle/lifecycle.service';
import { QueueConsumptionHealthIndicator } from './queue-consumption.health';
import { RedisHealthIndicator } from './redis.health';
import { WorkerHeartbeat } from './worker-heartbeat';
import { WorkersHealthIndicator } from './workers.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), WebhooksModule],
  controllers: [HealthController],
  providers: [
    RedisHealthIndicator,
    QueueConsumptionHealthIndicator,
    WorkersHealthIndicator,
    WorkerHeartbeat,
    LifecycleService,
  ],
  exports: [LifecycleService],
})
export class HealthModule {}
