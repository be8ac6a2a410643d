import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Repository } from 'typeorm';
import { Settings } from 'src/config/settings';
import { clearUnlessLive } from 'src/queue/lost-jobs';
import { QUEUES, type RenderingJob } from 'src/queue/queues';
import { everyInWorkers } from 'src/queue/worker-role';
import { Submission } from './entities/submission.entity';
import { SubmissionsService } from './submissions.service';

const SWEEP_EVERY_MS = 15_000;
/** A submission whose render failed this many times is left pending (its PDF still renders on demand). */
const MAX_RENDER_ATTEMPTS = 20;

/**
 * PostgreSQL, not Redis, is the record of what still needs rendering: submissions left pending whose job
 * Redis lost (flushed, restarted) or whose retries ran out are queued again.
 */
@Injectable()
export class SubmissionsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SubmissionsSweeper.name);
  private stop?: () => void;

  constructor(
    @InjectRepository(Submission) private readonly submissions: Repository<Submission>,
    @InjectQueue(QUEUES.rendering) private readonly queue: Queue<RenderingJob>,
    private readonly service: SubmissionsService,
    private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = everyInWorkers(this.settings, SWEEP_EVERY_MS, this.logger, () => this.sweep());
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  async sweep(olderThanMs = 30_000): Promise<number> {
    const stale: { id: string }[] = await this.submissions.query(
      `SELECT id FROM submissions
        WHERE completed_pdf_status = 'pending' AND render_attempts < $2
          AND updated_at < now() - ($1 || ' milliseconds')::interval
        ORDER BY updated_at LIMIT 100`,
      [String(olderThanMs), MAX_RENDER_ATTEMPTS],
    );
    let requeued = 0;
    for (const { id } of stale) {
      if (await clearUnlessLive(this.queue, id)) continue;
      await this.service.enqueueRender(id);
      requeued++;
    }
    if (requeued) this.logger.log(`queued ${requeued} render(s) again`);
    return requeued;
  }
}
