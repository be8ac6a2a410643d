import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { Queue } from 'bull';
import { QUEUES } from 'src/queue/queues';

/** Redis answers PING through the queue's own connection (the one jobs depend on). */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    @InjectQueue(QUEUES.detection) private readonly queue: Queue,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const session = this.indicator.check(key);
    try {
      const reply = await Promise.race([
        this.queue.client.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1_000).unref()),
      ]);
      return reply === 'PONG' ? session.up() : session.down({ message: `unexpected reply ${String(reply)}` });
    } catch (error) {
      return session.down({ message: error instanceof Error ? error.message : 'unreachable' });
    }
  }
}
