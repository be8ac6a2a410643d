import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import type { Settings } from 'src/config/settings';

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The library's counter script, sent to Redis once: ioredis's defineCommand calls EVALSHA (and EVAL after a restarted
 * Redis answers NOSCRIPT). The library sends the whole script with every request (EVAL), which cost more CPU in
 * writing it than anything else of the rate limit (`node --cpu-prof` under `npm run bench:ping`).
 */
class ScriptedRedisStorage extends ThrottlerStorageRedisService {
  constructor(redis: Redis) {
    super(redis);
    redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: this.scriptSrc });
  }

  override async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerRecord> {
    const redis = this.redis as Redis & {
      throttleIncrement(...args: (string | number)[]): Promise<[number, number, number, number]>;
    };
    const base = `{${key}:${throttlerName}}`;
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = await redis.throttleIncrement(
      `${base}:hits`,
      `${base}:blocked`,
      throttlerName,
      ttl,
      limit,
      blockDuration,
    );
    return {
      totalHits,
      timeToExpire: Math.ceil(timeToExpire / 1000),
      isBlocked: isBlocked === 1,
      timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000),
    };
  }
}

/**
 * Holds callers until the event loop's check phase, then lets them all go in one tick: the counters of every request
 * read in one turn of the loop then reach Redis as one auto-pipelined write and come back as one read, instead of a
 * round trip of system calls each (about a tenth of a ping's CPU, `npm run bench:ping`). Costs no timer, only the
 * rest of the current turn.
 */
class LoopTurnBatch {
  private waiting: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => {
      if (this.waiting.push(resolve) === 1) setImmediate(() => this.release());
    });
  }

  private release(): void {
    const released = this.waiting;
    this.waiting = [];
    for (const resolve of released) resolve();
  }
}

/** While Redis is failing, one request in this many milliseconds tries it again; the others count locally. */
const RETRY_REDIS_EVERY_MS = 1_000;

/**
 * Rate-limit counters in Redis (shared by the replicas), failing open to counters in this process: a Redis that is
 * down, or frozen, costs a request at most `RATE_LIMIT_REDIS_TIMEOUT_MS`, never an error. While Redis fails, the
 * limit holds per process (a replica count times looser) and Redis is tried again once a second. Each change of
 * state is logged once.
 */
export class ResilientThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new ThrottlerStorageService();
  private readonly sameLoopTurn = new LoopTurnBatch();
  private failingSince?: number;
  private lastTryAt = 0;
  private trying = false;

  constructor(
    settings: Pick<Settings, 'REDIS_URL' | 'QUEUE_PREFIX' | 'RATE_LIMIT_NAMESPACE' | 'RATE_LIMIT_REDIS_TIMEOUT_MS'>,
  ) {
    this.redis = new Redis(settings.REDIS_URL, {
      // Namespaced like the queues, so deployments (and test runs) sharing one Redis keep apart.
      keyPrefix: `${settings.RATE_LIMIT_NAMESPACE || settings.QUEUE_PREFIX}:`,
      // Fail at once while disconnected, and give up on a frozen server, instead of queueing requests behind it.
      enableOfflineQueue: false,
      // The counters of requests arriving together go to Redis in one write (one system call, not one each).
      enableAutoPipelining: true,
      commandTimeout: settings.RATE_LIMIT_REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    // Connection errors are reported once per state change below; ioredis would print each one.
    this.redis.on('error', () => undefined);
    this.shared = new ScriptedRedisStorage(this.redis);
  }

  /** Whether counters currently live in this process only (Redis failing). */
  get degraded(): boolean {
    return this.failingSince !== undefined;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerRecord> {
    const local = () => this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    if (this.degraded && (this.trying || Date.now() - this.lastTryAt < RETRY_REDIS_EVERY_MS)) return local();
    this.trying = true;
    this.lastTryAt = Date.now();
    try {
      await this.sameLoopTurn.wait();
      // ioredis's commandTimeout bounds a frozen Redis; a disconnected one fails at once (no offline queue).
      const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      this.recovered();
      return record;
    } catch (error) {
      this.failed(error);
      return local();
    } finally {
      this.trying = false;
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
    this.local.onApplicationShutdown();
  }

  private failed(error: unknown): void {
    if (this.degraded) return;
    this.failingSince = Date.now();
    this.logger.warn(
      `Redis is failing (${error instanceof Error ? error.message : String(error)}): ` +
        'rate limits are counted in this process until it answers again',
    );
  }

  private recovered(): void {
    if (!this.degraded) return;
    const seconds = ((Date.now() - this.failingSince!) / 1000).toFixed(1);
    this.failingSince = undefined;
    this.logger.log(`Redis answers again after ${seconds} s: rate limits are shared again`);
  }
}
