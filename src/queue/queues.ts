import type { AdvancedSettings, JobOptions } from 'bull';
import type { Settings } from 'src/config/settings';

/** The three queues of the service; each is consumed by one processor in its module. */
export const QUEUES = {
  detection: 'detection',
  rendering: 'rendering',
  delivery: 'delivery',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Jobs carry ids only; the processor reloads state from PostgreSQL, which is the record. */
export interface DetectionJob {
  importId: string;
}
export interface RenderingJob {
  submissionId: string;
}
export interface DeliveryJob {
  deliveryId: string;
}

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
};

/**
 * Bull's crash recovery, per queue. A worker renews the lock of each job it runs every `lockDuration / 2`; when a
 * worker dies, its job's lock runs out and the next stalled check (every `stalledInterval`, in every live worker)
 * puts the job back in the queue: a killed worker's job runs again within lock + interval (15 s by default, against
 * 30 + 30 s in Bull's defaults). The PDF work runs in sandbox children and deliveries are I/O, so the event loop is
 * free to renew locks; a job moved back twice in a row is failed (`maxStalledCount`), which the sweepers repair.
 */
export function queueCrashRecovery(
  settings: Pick<Settings, 'QUEUE_LOCK_DURATION_MS' | 'QUEUE_STALLED_INTERVAL_MS'>,
  queue: QueueName,
): AdvancedSettings {
  const common = {
    lockDuration: settings.QUEUE_LOCK_DURATION_MS,
    lockRenewTime: Math.floor(settings.QUEUE_LOCK_DURATION_MS / 2),
    stalledInterval: settings.QUEUE_STALLED_INTERVAL_MS,
  };
  switch (queue) {
    case 'detection':
    case 'rendering':
      return { ...common, maxStalledCount: 2 };
    case 'delivery':
      // An attempt cut off by a crash is also recorded by the webhooks sweeper (lease in PostgreSQL).
      return { ...common, maxStalledCount: 1 };
  }
}
