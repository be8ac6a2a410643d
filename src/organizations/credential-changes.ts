import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { Settings } from 'src/config/settings';
import { ApiKeyCache, UNHEARD_TTL_MS, type CredentialChange, type KeyRow } from './api-key-cache';

/** A heartbeat on the subscriber connection this often: a frozen Redis is noticed within UNHEARD_TTL_MS. */
const HEARTBEAT_MS = UNHEARD_TTL_MS / 4;
const PUBLISH_TIMEOUT_MS = 1_000;

function parseChange(message: string): CredentialChange | undefined {
  try {
    const parsed = JSON.parse(message) as { keyId?: unknown; orgId?: unknown };
    if (typeof parsed.keyId === 'string') return { keyId: parsed.keyId };
    if (typeof parsed.orgId === 'string') return { orgId: parsed.orgId };
  } catch {
    // not ours
  }
  return undefined;
}

/**
 * Tells every process of the deployment that cached credentials changed (a key revoked, an organization updated),
 * through the Redis channel `<QUEUE_PREFIX>:credential-changes`, and keeps this process's API key cache. The
 * subscriber starts with the first lookup (workers and the CLI never subscribe) and sends a heartbeat, so the cache
 * knows when notices may not be reaching it and then trusts entries for one second only.
 */
@Injectable()
export class CredentialChanges implements OnApplicationShutdown {
  readonly cache = new ApiKeyCache<KeyRow>();
  private readonly logger = new Logger('CredentialChanges');
  private readonly channel: string;
  private subscriber?: Redis;
  private publisher?: Redis;
  private heartbeat?: NodeJS.Timeout;

  constructor(private readonly settings: Settings) {
    this.channel = `${settings.QUEUE_PREFIX}:credential-changes`;
  }

  /** Starts listening for notices, once. */
  listen(): void {
    if (this.subscriber) return;
    const subscriber = new Redis(this.settings.REDIS_URL, {
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('close', () => this.cache.lost());
    subscriber.on('message', (_channel: string, message: string) => {
      const change = parseChange(message);
      if (change) this.cache.invalidate(change);
      this.cache.heardFrom();
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => this.cache.heardFrom(),
        () => undefined,
      );
    });
    this.heartbeat = setInterval(() => {
      if (subscriber.status !== 'ready') return;
      subscriber.ping().then(
        () => this.cache.heardFrom(),
        () => undefined,
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Drops the change here at once, then tells the other processes (after the change is committed). */
  async announce(change: CredentialChange): Promise<void> {
    this.cache.invalidate(change);
    try {
      await this.connectPublisher().publish(this.channel, JSON.stringify(change));
    } catch (error) {
      // Processes that hear Redis keep entries at most HEARD_TTL_MS; those that do not, one second.
      this.logger.warn(
        `could not announce a credential change (${error instanceof Error ? error.message : String(error)}): ` +
          `other processes may accept the old credential for up to a minute`,
      );
    }
  }

  private connectPublisher(): Redis {
    if (this.publisher) return this.publisher;
    this.publisher = new Redis(this.settings.REDIS_URL, {
      maxRetriesPerRequest: 1,
      commandTimeout: PUBLISH_TIMEOUT_MS,
    });
    this.publisher.on('error', () => undefined);
    return this.publisher;
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }
}
