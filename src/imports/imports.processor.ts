import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { Settings } from 'src/config/settings';
import { sandboxTenantLimit } from 'src/pdf-sandbox';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { consumeInWorkers, pdfJobConcurrency, runsWorkers } from 'src/queue/worker-role';
import { ImportRunnerService } from './import-runner.service';
import { OrganizationAdmission } from './organization-admission';

/** What a deferred job returns: its organization already ran its share, it is queued again (delayed). */
const DEFERRED = 'deferred-for-fairness';
/** How long a deferred job waits before it asks again; short, the check costs one PostgreSQL read. */
const DEFER_MS = 250;

/** Consumes the detection queue; the work runs in a sandboxed child process, so this worker stays responsive. */
@Injectable()
export class ImportsProcessor implements OnModuleInit {
  private readonly logger = new Logger(ImportsProcessor.name);
  private readonly admission = new OrganizationAdmission();

  constructor(
    private readonly runner: ImportRunnerService,
    @InjectQueue(QUEUES.detection) private readonly queue: Queue<DetectionJob>,
    private readonly settings: Settings,
  ) {}

  onModuleInit(): void {
    if (!runsWorkers(this.settings)) return;
    this.queue.on('completed', (job: Job<DetectionJob>, result: unknown) => void this.requeueDeferred(job, result));
    consumeInWorkers(this.queue, this.settings, pdfJobConcurrency(this.settings), (job) => this.detect(job));
  }

  // An organization runs at most the sandbox's per-tenant share at once (pool size - 1); its further jobs leave
  // their Bull slot at once (see requeueDeferred), so the other slots stay free for other organizations.
  async detect(job: Job<DetectionJob>): Promise<string | undefined> {
    const orgId = await this.runner.organizationOf(job.data.importId);
    if (orgId === null) return undefined;
    if (!this.admission.tryEnter(orgId, sandboxTenantLimit())) return DEFERRED;
    try {
      const attempts = job.opts.attempts ?? 1;
      await this.runner.run(job.data.importId, job.attemptsMade + 1 >= attempts);
      return undefined;
    } finally {
      this.admission.leave(orgId);
    }
  }

  /**
   * A deferred job completed without running: it is queued again under the same id (the sweeper's key) with the
   * attempts it has left. Bull cannot move an active job back from its handler without counting an attempt.
   * Lost between the two (a crash), the import is still queued in PostgreSQL and the sweeper queues it again.
   */
  async requeueDeferred(job: Job<DetectionJob>, result: unknown): Promise<void> {
    if (result !== DEFERRED) return;
    try {
      await job.remove();
      await this.queue.add(job.data, {
        jobId: String(job.id),
        delay: DEFER_MS,
        attempts: Math.max(1, (job.opts.attempts ?? 1) - job.attemptsMade),
        backoff: job.opts.backoff,
      });
    } catch (error) {
      this.logger.warn(`deferred import job could not be queued again (the sweeper will): ${String(error)}`);
    }
  }
}
