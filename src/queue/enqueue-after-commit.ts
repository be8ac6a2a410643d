import { Logger } from '@nestjs/common';
import type { JobOptions, Queue } from 'bull';

/** Per queue: whether the last enqueue failed, so an outage is logged once and its end once. */
const failing = new Map<string, number>();
const logger = new Logger('Enqueue');

/**
 * Adds a job after its row was committed, waiting at most `timeoutMs`: with Redis down or frozen the caller (an HTTP
 * request) goes on, and the sweeper of the queue adds the job from PostgreSQL once Redis is back. Never throws;
 * returns whether the job was added. Bull's own `add` would wait for Redis for as long as the outage lasts.
 */
export async function enqueueAfterCommit<T>(
  queue: Queue<T>,
  data: T,
  options: JobOptions,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      queue.add(data, options),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    const since = failing.get(queue.name);
    if (since !== undefined) {
      failing.delete(queue.name);
      logger.log(`${queue.name} jobs are queued again (after ${((Date.now() - since) / 1000).toFixed(1)} s)`);
    }
    return true;
  } catch (error) {
    if (!failing.has(queue.name)) {
      failing.set(queue.name, Date.now());
      logger.warn(
        `${queue.name} jobs are not being queued (${error instanceof Error ? error.message : String(error)}): ` +
          'the work is stored, and the sweeper queues it when Redis is back',
      );
    }
    return false;
  } finally {
    clearTimeout(timer);
  }
}
