import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { loadSettings } from 'src/config/settings';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { ImportRunnerService } from './import-runner.service';

/** Consumes the detection queue; the work runs in a sandboxed child process, so this worker stays responsive. */
@Processor(QUEUES.detection)
export class ImportsProcessor {
  constructor(private readonly runner: ImportRunnerService) {}

  // More jobs than sandbox children: a job of one organization waiting for its turn in the pool (see
  // runInSandbox's tenant) must not keep another organization's job from reaching the pool.
  @Process({ concurrency: loadSettings().WORKER_CONCURRENCY + loadSettings().PDF_SANDBOX_POOL_SIZE })
  async detect(job: Job<DetectionJob>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    await this.runner.run(job.data.importId, job.attemptsMade + 1 >= attempts);
  }
}
