import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail, type ThrottlerOptions } from '@nestjs/throttler';
import type { AuthenticatedRequest } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

/** What the library reads from a route's decorators for one throttler (`@Throttle`, `@SkipThrottle`). */
interface RoutePlan {
  throttler: ThrottlerOptions;
  skip: boolean;
  limit: ThrottlerOptions['limit'];
  ttl: ThrottlerOptions['ttl'];
  blockDuration: ThrottlerOptions['blockDuration'];
  getTracker: NonNullable<ThrottlerOptions['getTracker']>;
  generateKey: NonNullable<ThrottlerOptions['generateKey']>;
}

// The library's metadata keys (its throttler.constants, not exported; the spec checks they still match).
export const THROTTLER_META = {
  skip: 'THROTTLER:SKIP',
  limit: 'THROTTLER:LIMIT',
  ttl: 'THROTTLER:TTL',
  blockDuration: 'THROTTLER:BLOCK_DURATION',
  tracker: 'THROTTLER:TRACKER',
  keyGenerator: 'THROTTLER:KEY_GENERATOR',
} as const;

/** A throttler option given as a number or as a function of the request (the library's `Resolvable`). */
function resolved<T>(value: T | ((c: ExecutionContext) => T | Promise<T>), context: ExecutionContext): T | Promise<T> {
  return typeof value === 'function' ? (value as (c: ExecutionContext) => T | Promise<T>)(context) : value;
}

/**
 * Rate limits through @nestjs/throttler with Redis storage, so the limit holds across replicas.
 * Partner routes count per API key (not per route); public routes count per client IP.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  private readonly plans = new WeakMap<object, RoutePlan[]>();

  /**
   * The library's own loop, with the five decorator look-ups per throttler per request done once per route:
   * route metadata is fixed once the application has started.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    for (const plan of this.planOf(context)) {
      const skipIf = plan.throttler.skipIf ?? this.commonOptions.skipIf;
      if (plan.skip || skipIf?.(context)) continue;
      const ttl = await resolved(plan.ttl, context);
      const limit = await resolved(plan.limit, context);
      const blockDuration = plan.blockDuration ? await resolved(plan.blockDuration, context) : ttl;
      const { throttler, getTracker, generateKey } = plan;
      await this.handleRequest({ context, limit, ttl, throttler, blockDuration, getTracker, generateKey });
    }
    return true;
  }

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

  private planOf(context: ExecutionContext): RoutePlan[] {
    const handler = context.getHandler();
    let plans = this.plans.get(handler);
    if (!plans) {
      const targets = [handler, context.getClass()];
      const read = <T>(key: string, name: string): T | undefined =>
        this.reflector.getAllAndOverride<T | undefined>(key + name, targets);
      plans = this.throttlers.map((throttler) => {
        const name = throttler.name ?? 'default';
        return {
          throttler,
          skip: Boolean(read<boolean>(THROTTLER_META.skip, name)),
          limit: read<RoutePlan['limit']>(THROTTLER_META.limit, name) || throttler.limit,
          ttl: read<RoutePlan['ttl']>(THROTTLER_META.ttl, name) || throttler.ttl,
          blockDuration:
            read<RoutePlan['blockDuration']>(THROTTLER_META.blockDuration, name) || throttler.blockDuration,
          getTracker: read(THROTTLER_META.tracker, name) || throttler.getTracker || this.commonOptions.getTracker!,
          generateKey:
            read(THROTTLER_META.keyGenerator, name) || throttler.generateKey || this.commonOptions.generateKey!,
        };
      });
      this.plans.set(handler, plans);
    }
    return plans;
  }
}
