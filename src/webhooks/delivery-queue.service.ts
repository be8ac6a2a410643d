import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { JobOptions, Queue } from 'bull';
import { QUEUES, type DeliveryJob } from 'src/queue/queues';

export interface ScheduledAttempt {
  deliveryId: string;
  /** The attempt number the job will make (1-based). */
  attempt: number;
  delayMs: number;
}

/** Enqueueing waits at most this long: a Redis outage must not hold up the caller; the sweeper repairs. */
const ENQUEUE_TIMEOUT_MS = 2_000;

/**
 * The Bull side of deliveries: one job per attempt, id `<delivery id>.<attempt>`, so the same attempt queued twice
 * (the processor and the sweeper) is one job. Bull never retries: the next attempt is computed and scheduled here.
 */
@Injectable()
export class DeliveryQueueService {
  private readonly logger = new Logger(DeliveryQueueService.name);

  constructor(@InjectQueue(QUEUES.delivery) private readonly queue: Queue<DeliveryJob>) {}

  static jobId(deliveryId: string, attempt: number): string {
    return `${deliveryId}.${attempt}`;
  }

  /** Queues the attempts; never throws (PostgreSQL holds the schedule, the sweeper re-queues what is lost). */
  async schedule(attempts: ScheduledAttempt[]): Promise<boolean> {
    if (attempts.length === 0) return true;
    const jobs = attempts.map(({ deliveryId, attempt, delayMs }) => ({
      data: { deliveryId },
      opts: this.options(DeliveryQueueService.jobId(deliveryId, attempt), delayMs),
    }));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.addBulk(jobs),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch (error) {
      this.logger.warn({ count: attempts.length, err: String(error) }, 'delivery jobs not queued; the sweeper will');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Whether the attempt has a job that will run: waiting, active, paused, or delayed and not overdue. A delayed job
   * overdue by more than `overdueAfterMs` (its timer lost) is promoted; a finished one is removed so it can be
   * queued again.
   */
  async hasLiveJob(deliveryId: string, attempt: number, overdueAfterMs: number): Promise<boolean> {
    const job = await this.queue.getJob(DeliveryQueueService.jobId(deliveryId, attempt));
    if (!job) return false;
    const state = await job.getState();
    if (state === 'waiting' || state === 'active' || state === 'paused') return true;
    if (state === 'delayed') {
      if (job.timestamp + (job.opts.delay ?? 0) < Date.now() - overdueAfterMs) await job.promote();
      return true;
    }
    await job.remove();
    return false;
  }

  private options(jobId: string, delayMs: number): JobOptions {
    return {
      jobId,
      delay: Math.max(0, Math.round(delayMs)),
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: true,
    };
  }
}
