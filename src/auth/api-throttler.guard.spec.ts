import { THROTTLER_META } from './api-throttler.guard';

describe('ApiThrottlerGuard', () => {
  it("reads @Throttle / @SkipThrottle under the library's own metadata keys", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const library = require('@nestjs/throttler/dist/throttler.constants') as Record<string, string>;
    expect(THROTTLER_META).toEqual({
      skip: library.THROTTLER_SKIP,
      limit: library.THROTTLER_LIMIT,
      ttl: library.THROTTLER_TTL,
      blockDuration: library.THROTTLER_BLOCK_DURATION,
      tracker: library.THROTTLER_TRACKER,
      keyGenerator: library.THROTTLER_KEY_GENERATOR,
    });
  });
});
