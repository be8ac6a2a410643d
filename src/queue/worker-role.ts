import {
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
  type Type,
} from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { Settings } from 'src/config/settings';
import { every } from './lost-jobs';

const logger = new Logger('Workers');

/**
 * Whether a process with these settings runs the queue processors and the worker timers (APP_ROLE all or worker).
 * Every provider is registered in every role and asks this with its injected settings, so one settings object (the
 * one dependency injection provides) decides the role, the concurrency and everything else.
 */
export function runsWorkers(settings: Pick<Settings, 'APP_ROLE'>): boolean {
  return settings.APP_ROLE !== 'api';
}

/**
 * Bull slots of a PDF queue (detection, rendering) per worker: more jobs than sandbox children, so one job's
 * PostgreSQL work (claim, freeze) overlaps another's sandbox work and the children never sit idle waiting for it.
 */
export function pdfJobConcurrency(settings: Pick<Settings, 'WORKER_CONCURRENCY' | 'PDF_SANDBOX_POOL_SIZE'>): number {
  return settings.WORKER_CONCURRENCY + settings.PDF_SANDBOX_POOL_SIZE;
}

/** Consumes `queue`, `concurrency` jobs at once, in processes that run workers (called from onModuleInit). */
export function consumeInWorkers<T>(
  queue: Queue<T>,
  settings: Settings,
  concurrency: number,
  handler: (job: Job<T>) => Promise<unknown>,
): void {
  if (!runsWorkers(settings)) return;
  // process() settles only when the queue closes; a failure to start is also Bull's 'error' event.
  queue.process(concurrency, handler).catch((error: unknown) => {
    logger.error(`queue ${queue.name} stopped consuming: ${String(error)}`);
  });
}

/** Runs `task` every `everyMs` in processes that run workers; returns the stopper (a no-op elsewhere). */
export function everyInWorkers(
  settings: Settings,
  everyMs: number,
  taskLogger: Logger,
  task: () => Promise<unknown>,
): () => void {
  return runsWorkers(settings) ? every(everyMs, taskLogger, task) : () => undefined;
}

const PURGE_EVERY_MS = 60 * 60_000;

/** The hourly purge of one service's expired rows, run by worker processes from bootstrap to shutdown. */
class HourlyPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop?: () => void;

  constructor(
    private readonly settings: Settings,
    private readonly logger: Logger,
    private readonly purge: () => Promise<unknown>,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = everyInWorkers(this.settings, PURGE_EVERY_MS, this.logger, this.purge);
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}

/**
 * A provider that purges `service`'s expired rows every hour in worker processes (retention of events,
 * idempotency records, drafts): `hourlyPurge(EventsService, (events) => events.purgeExpired())`.
 */
export function hourlyPurge<S>(service: Type<S>, purge: (instance: S) => Promise<unknown>): Provider {
  return {
    provide: `${service.name}.hourlyPurge`,
    inject: [Settings, service],
    useFactory: (settings: Settings, instance: S) =>
      new HourlyPurge(settings, new Logger(`${service.name}.hourlyPurge`), () => purge(instance)),
  };
}
