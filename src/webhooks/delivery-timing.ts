import type { Settings } from 'src/config/settings';
import { DELIVERY_TIMEOUT_MS } from './delivery-sender';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How long an attempt may stay in flight before the sweeper treats its worker as dead. */
export const DELIVERY_LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** How often the dispatcher looks for new events when idle (commit-to-send latency is about half of it). */
export const DISPATCH_POLL_MS = 50;

export interface DeliveryTimings {
  /** How often the sweeper runs. */
  sweepEveryMs: number;
  /** A pending delivery this late with no live job is queued again. */
  overdueAfterMs: number;
  /** Due work left unconsumed this long makes the health check fail. */
  stallAfterMs: number;
}

/** Derived from the retry base, so tests with short backoff also repair and detect quickly. */
export function deliveryTimings(settings: Pick<Settings, 'WEBHOOK_RETRY_BASE_MS'>): DeliveryTimings {
  const sweepEveryMs = clamp(settings.WEBHOOK_RETRY_BASE_MS, 1_000, 15_000);
  return { sweepEveryMs, overdueAfterMs: sweepEveryMs, stallAfterMs: clamp(4 * sweepEveryMs, 5_000, 60_000) };
}

/** Deliveries are I/O-bound (up to 10 s waiting on a partner), so each worker runs many at once. */
export function deliveryConcurrency(settings: Pick<Settings, 'WORKER_CONCURRENCY'>): number {
  return Math.min(64, settings.WORKER_CONCURRENCY * 16);
}
