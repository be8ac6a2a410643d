import type { EntityManager } from 'typeorm';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Takes one import from the organization's quota for the current UTC day, inside the caller's transaction
 * (a rolled-back import gives its slot back). One conditional upsert: two concurrent requests cannot both
 * take the last slot.
 */
export async function takeImportQuota(manager: EntityManager, orgId: string, limit: number): Promise<void> {
  const taken: unknown[] =
    limit > 0
      ? await manager.query(
          `INSERT INTO import_quota_usage (org_id, day, used) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
           ON CONFLICT (org_id, day) DO UPDATE SET used = import_quota_usage.used + 1, updated_at = now()
            WHERE import_quota_usage.used < $2
           RETURNING used`,
          [orgId, limit],
        )
      : [];
  if (taken.length > 0) return;
  const rows: { used: number }[] = await manager.query(
    `SELECT used FROM import_quota_usage WHERE org_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
    [orgId],
  );
  const now = new Date();
  const resetsAt = nextUtcMidnight(now);
  const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  throw new AppException(
    ErrorCode.QuotaExceeded,
    `daily import quota of ${limit} reached: it resets at ${resetsAt.toISOString()}`,
    {
      retry_after: retryAfter,
      quota: { limit, used: rows[0]?.used ?? 0, window: 'day', resets_at: resetsAt.toISOString() },
    },
    { 'Retry-After': String(retryAfter) },
  );
}
