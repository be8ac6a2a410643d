import type { JobOptions } from 'bull';

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
