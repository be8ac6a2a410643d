import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Repository } from 'typeorm';
import { Settings } from 'src/config/settings';
import { clearUnlessLive } from 'src/queue/lost-jobs';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { everyInWorkers } from 'src/queue/worker-role';
import { Import } from './entities/import.entity';

const SWEEP_EVERY_MS = 15_000;

/**
 * PostgreSQL is the record of what still needs detection. Imports left queued or processing whose Bull job
 * is gone (Redis flushed or restarted, enqueue failed after commit) are queued again.
 */
@Injectable()
export class ImportsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportsSweeper.name);
  private stop?: () => void;

  constructor(
    @InjectRepository(Import) private readonly imports: Repository<Import>,
    @InjectQueue(QUEUES.detection) private readonly queue: Queue<DetectionJob>,
    private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = everyInWorkers(this.settings, SWEEP_EVERY_MS, this.logger, () => this.sweep());
  }

  onApplicationShutdown(): void {
    this.stop?.();
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
      if (await clearUnlessLive(this.queue, id)) continue;
      await this.queue.add({ importId: id }, { jobId: id });
      requeued++;
    }
    if (requeued) this.logger.log(`queued ${requeued} import(s) again`);
    return requeued;
  }
}
