import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { WorkerHeartbeat } from './worker-heartbeat';

/** Down when jobs wait and no worker process has beaten recently: the work would wait forever. */
@Injectable()
export class WorkersHealthIndicator {
  constructor(
    private readonly heartbeat: WorkerHeartbeat,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const session = this.indicator.check(key);
    try {
      const { live, waiting } = await this.heartbeat.presence();
      const details = { live_workers: live, waiting_jobs: waiting };
      return live === 0 && waiting > 0
        ? session.down({ ...details, message: 'jobs are waiting and no worker process has a fresh heartbeat' })
        : session.up(details);
    } catch (error) {
      return session.down({ message: `heartbeats unreadable: ${error instanceof Error ? error.message : 'unknown'}` });
    }
  }
}
