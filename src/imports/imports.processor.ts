import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { loadSettings } from 'src/config/settings';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { ImportRunnerService } from './import-runner.service';

/** Consumes the detection queue; the work runs in a sandboxed child process, so this worker stays responsive. */
@Processor(QUEUES.detection)
export class ImportsProcessor {
  constructor(private readonly runner: ImportRunnerService) {}

  @Process({ concurrency: loadSettings().WORKER_CONCURRENCY })
  async detect(job: Job<DetectionJob>): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    await this.runner.run(job.data.importId, job.attemptsMade + 1 >= attempts);
  }
}
