import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Repository } from 'typeorm';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { Import } from './entities/import.entity';

const SWEEP_EVERY_MS = 15_000;

/**
 * PostgreSQL is the record of what still needs detection. Imports left queued or processing whose Bull job
 * is gone (Redis flushed or restarted, enqueue failed after commit) are queued again.
 */
@Injectable()
export class ImportsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportsSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Import) private readonly imports: Repository<Import>,
    @InjectQueue(QUEUES.detection) private readonly queue: Queue<DetectionJob>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => void this.sweep().catch((e: unknown) => this.logger.warn(String(e))),
      SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many imports were queued again. */
  async sweep(olderThanMs = 10_000): Promise<number> {
    const stale: { id: string }[] = await this.imports.query(
      `SELECT id FROM imports WHERE status IN ('queued', 'processing') AND updated_at < now() - ($1 || ' milliseconds')::interval
        ORDER BY updated_at LIMIT 100`,
      [String(olderThanMs)],
    );
    let requeued = 0;
    for (const { id } of stale) {
      const job = await this.queue.getJob(id);
      const state = job ? await job.getState() : 'missing';
      if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'paused') continue;
      if (job) await job.remove();
      await this.queue.add({ importId: id }, { jobId: id });
      requeued++;
    }
    if (requeued) this.logger.log(`queued ${requeued} import(s) again`);
    return requeued;
  }
}
