import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { WorkerHeartbeat } from './worker-heartbeat';

/**
 * Down when no worker process has beaten recently and either jobs wait (they would wait forever) or a worker that
 * beat before stopped without leaving (killed or crashed while idle: the next job would wait). With no worker ever
 * seen and nothing waiting (an API replica before its workers start) it is up.
 */
@Injectable()
export class WorkersHealthIndicator {
  constructor(
    private readonly heartbeat: WorkerHeartbeat,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const session = this.indicator.check(key);
    try {
      const { live, dead, waiting } = await this.heartbeat.presence();
      const details = { live_workers: live, dead_workers: dead, waiting_jobs: waiting };
      if (live > 0) return session.up(details);
      if (waiting > 0) {
        return session.down({ ...details, message: 'jobs are waiting and no worker process has a fresh heartbeat' });
      }
      if (dead > 0) {
        return session.down({ ...details, message: 'the worker processes stopped beating without leaving' });
      }
      return session.up(details);
    } catch (error) {
      return session.down({ message: `heartbeats unreadable: ${error instanceof Error ? error.message : 'unknown'}` });
    }
  }
}
