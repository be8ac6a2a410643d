import type { Logger } from '@nestjs/common';
import type { Queue } from 'bull';

const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'paused']);

/**
 * Whether the job with this id still stands to run. A finished or failed job is removed, so that the same id
 * can be queued again; a missing job (Redis flushed or restarted) is simply not live.
 */
export async function clearUnlessLive(queue: Queue, jobId: string): Promise<boolean> {
  const job = await queue.getJob(jobId);
  if (!job) return false;
  if (LIVE_STATES.has(await job.getState())) return true;
  await job.remove();
  return false;
}

/** Runs `task` every `everyMs` in the background (never keeping the process alive); returns the stopper. */
export function every(everyMs: number, logger: Logger, task: () => Promise<unknown>): () => void {
  const timer = setInterval(() => {
    task().catch((error: unknown) => logger.warn(`periodic task failed: ${String(error)}`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
