import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { loadSettings } from 'src/config/settings';
import { QUEUES, type RenderingJob } from 'src/queue/queues';
import { SubmissionPdfService } from './submission-pdf.service';

/** Consumes the rendering queue; a failed render is retried with backoff and the submission stays pending. */
@Processor(QUEUES.rendering)
export class SubmissionRenderingProcessor {
  constructor(private readonly pdfs: SubmissionPdfService) {}

  // More jobs than sandbox children: one job's claim and freeze (PostgreSQL) overlap another's render, so the
  // children never sit idle waiting for the database.
  @Process({ concurrency: loadSettings().WORKER_CONCURRENCY + loadSettings().PDF_SANDBOX_POOL_SIZE })
  async render(job: Job<RenderingJob>): Promise<void> {
    await this.pdfs.renderAndFreeze(job.data.submissionId);
  }
}
