import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import type { AuthenticatedRequest } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

/**
 * Rate limits through @nestjs/throttler with Redis storage, so the limit holds across replicas.
 * Partner routes count per API key (not per route); public routes count per client IP.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const req = request as unknown as AuthenticatedRequest;
    return Promise.resolve(req.caller ? `key:${req.caller.keyId}` : `ip:${req.ip ?? 'unknown'}`);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `throttle:${throttlerName}:${tracker}`;
  }

  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfter = Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.timeToExpire));
    throw new AppException(
      ErrorCode.RateLimited,
      `rate limit of ${detail.limit} requests per minute exceeded: retry after ${retryAfter} s`,
      { retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
