import { InjectQueue } from '@nestjs/bull';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { Settings } from 'src/config/settings';
import { QUEUES, type RenderingJob } from 'src/queue/queues';
import { consumeInWorkers, pdfJobConcurrency } from 'src/queue/worker-role';
import { SubmissionPdfService } from './submission-pdf.service';

/** Consumes the rendering queue; a failed render is retried with backoff and the submission stays pending. */
@Injectable()
export class SubmissionRenderingProcessor implements OnModuleInit {
  constructor(
    private readonly pdfs: SubmissionPdfService,
    @InjectQueue(QUEUES.rendering) private readonly queue: Queue<RenderingJob>,
    private readonly settings: Settings,
  ) {}

  onModuleInit(): void {
    consumeInWorkers(this.queue, this.settings, pdfJobConcurrency(this.settings), (job) =>
      this.pdfs.renderAndFreeze(job.data.submissionId),
    );
  }
}
