import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { Settings } from 'src/config/settings';

const WINDOW_MS = 60_000;
/** Blocked addresses remembered by this process; past this, expired entries are dropped first. */
const MAX_REMEMBERED = 10_000;

/**
 * Wrong API keys and admin tokens, counted per client address in the shared rate-limit storage. Past the
 * limit the address gets 429 with Retry-After for every credential, a right one included, until the
 * window ends: otherwise a 200 among the 429s would still tell a guesser which key is right. The block is
 * learnt from the shared counter by each replica at the address's next failure there.
 */
@Injectable()
export class FailedAuthLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly settings: Settings,
  ) {}

  /** Throws 429 while the address is blocked; asked for only when some address is (reading it costs a header parse). */
  assertAllowed(addressOf: () => string): void {
    if (this.blockedUntil.size === 0) return;
    const address = addressOf();
    const until = this.blockedUntil.get(address);
    if (until === undefined) return;
    if (until <= Date.now()) this.blockedUntil.delete(address);
    else throw this.tooMany(until);
  }

  /** Counts one wrong credential; throws 429 when that puts `address` over the limit. */
  async recordFailure(address: string): Promise<void> {
    const limit = this.settings.AUTH_FAILURES_PER_MINUTE;
    const record = await this.storage.increment(`auth-failure:ip:${address}`, WINDOW_MS, limit, WINDOW_MS, 'auth');
    if (!record.isBlocked && record.totalHits <= limit) return;
    const until = Date.now() + Math.max(1, record.timeToBlockExpire || record.timeToExpire) * 1000;
    this.remember(address, until);
    throw this.tooMany(until);
  }

  private remember(address: string, until: number): void {
    if (this.blockedUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [key, value] of this.blockedUntil) if (value <= now) this.blockedUntil.delete(key);
      if (this.blockedUntil.size >= MAX_REMEMBERED) this.blockedUntil.clear();
    }
    this.blockedUntil.set(address, until);
  }

  private tooMany(until: number): AppException {
    const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    return new AppException(
      ErrorCode.RateLimited,
      `too many failed authentication attempts from this address: retry after ${retryAfter} s`,
      { retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
