import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { hostname } from 'node:os';
import { Settings } from 'src/config/settings';
import { QUEUES } from 'src/queue/queues';
import { runsWorkers } from 'src/queue/worker-role';

/** A heartbeat older than this many beats means the worker is dead. */
const BEATS_TO_DEATH = 3;

export interface WorkerPresence {
  /** Worker processes that beat recently. */
  live: number;
  /** Jobs waiting in all queues (not counting delayed ones). */
  waiting: number;
  /**
   * Worker processes that beat once and stopped without leaving (killed, crashed, frozen): a worker that stops
   * cleanly removes its beat. Kept until a live worker prunes beats older than ten times the death age.
   */
  dead: number;
}

/**
 * Worker processes (APP_ROLE all or worker) beat into one sorted set in Redis (`<QUEUE_PREFIX>:workers`, member
 * host:pid, score the time), every WORKER_HEARTBEAT_MS. /health reads it: no fresh beat while jobs wait means no
 * process is doing the work, which nothing else would show (an API replica's own checks all pass).
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private readonly key: string;
  private readonly member = `${hostname()}:${process.pid}`;
  private readonly everyMs: number;
  private timer?: NodeJS.Timeout;
  private beating = false;
  private failing = false;

  private readonly workers: boolean;

  constructor(
    settings: Settings,
    @InjectQueue(QUEUES.detection) private readonly detection: Queue,
    @InjectQueue(QUEUES.rendering) private readonly rendering: Queue,
    @InjectQueue(QUEUES.delivery) private readonly delivery: Queue,
  ) {
    this.key = `${settings.QUEUE_PREFIX}:workers`;
    this.everyMs = settings.WORKER_HEARTBEAT_MS;
    this.workers = runsWorkers(settings);
  }

  onApplicationBootstrap(): void {
    if (!this.workers) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.workers) return;
    // Leave at once rather than after three missed beats (best effort: Redis may be the reason we stop).
    await this.bounded(1_000, this.detection.client.zrem(this.key, this.member)).catch(() => undefined);
  }

  async presence(): Promise<WorkerPresence> {
    const client = this.detection.client;
    const fresh = Date.now() - BEATS_TO_DEATH * this.everyMs;
    const [live, dead, ...waiting] = await this.bounded(
      1_000,
      Promise.all([
        client.zcount(this.key, fresh, '+inf'),
        client.zcount(this.key, '-inf', `(${fresh}`),
        this.detection.getWaitingCount(),
        this.rendering.getWaitingCount(),
        this.delivery.getWaitingCount(),
      ]),
    );
    return { live, dead, waiting: waiting.reduce((a, b) => a + b, 0) };
  }

  private async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      const now = Date.now();
      await this.bounded(
        Math.max(1_000, this.everyMs),
        this.detection.client
          .multi()
          .zadd(this.key, now, this.member)
          .zremrangebyscore(this.key, '-inf', now - 10 * BEATS_TO_DEATH * this.everyMs)
          .exec(),
      );
      if (this.failing) this.logger.log('worker heartbeat written again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`worker heartbeat not written (${String(error)}); retrying every beat`);
      this.failing = true;
    } finally {
      this.beating = false;
    }
  }

  /** Redis calls here wait a bounded time: a frozen Redis must neither hang /health nor pile beats up. */
  private bounded<T>(ms: number, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  }
}
