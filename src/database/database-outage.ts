import { Logger } from '@nestjs/common';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';

/** Seconds a client is told to wait (Retry-After) while PostgreSQL is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;
/** While PostgreSQL is out, it is probed this often so its return is noticed (and logged) without traffic. */
const PROBE_EVERY_MS = 1_000;

// Socket errors, pg-pool and pg client messages, and PostgreSQL's own codes for "not now": connection exceptions
// (class 08), shutdown and start-up (57P01-57P03), statement timeout (57014), too many connections (53300).
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '53400']);
const CLIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|Connection ended|the database system is (starting up|shutting down)/i;

/** Whether an error means "PostgreSQL cannot answer now" rather than "this request is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidates = [error, (error as { driverError?: unknown }).driverError].filter(
    (e): e is { code?: unknown; message?: unknown } => !!e && typeof e === 'object',
  );
  return candidates.some(({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    return typeof message === 'string' && CLIENT_MESSAGES.test(message);
  });
}

/**
 * One line when PostgreSQL becomes unavailable and one when it answers again (with how long and how many requests
 * were refused), instead of a stack trace per request. Process-wide, like the pool it describes.
 */
class DatabaseOutageLog {
  private readonly logger = new Logger('Database');
  private since?: number;
  private refused = 0;
  private probe?: () => Promise<unknown>;
  private timer?: NodeJS.Timeout;

  /** The query that tells PostgreSQL is back (`SELECT 1` on the app's pool); cleared at shutdown. */
  useProbe(probe: (() => Promise<unknown>) | undefined): void {
    this.probe = probe;
    if (!probe) clearTimeout(this.timer);
  }

  get down(): boolean {
    return this.since !== undefined;
  }

  noteFailure(error: unknown): void {
    this.refused++;
    if (this.down) return;
    this.since = Date.now();
    this.refused = 1;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.error(`PostgreSQL is unavailable (${reason}): requests answer 503 UNAVAILABLE until it is back`);
    this.scheduleProbe();
  }

  noteSuccess(): void {
    if (!this.down) return;
    const seconds = ((Date.now() - this.since!) / 1000).toFixed(1);
    this.logger.log(`PostgreSQL answers again after ${seconds} s; ${this.refused} request(s) were refused meanwhile`);
    this.since = undefined;
    clearTimeout(this.timer);
  }

  private scheduleProbe(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.down || !this.probe) return;
      this.probe().then(
        () => this.noteSuccess(),
        () => this.scheduleProbe(),
      );
    }, PROBE_EVERY_MS);
    this.timer.unref();
  }
}

export const databaseOutage = new DatabaseOutageLog();

/** The 503 for an error that means PostgreSQL is unavailable (noted in the outage log), else undefined. */
export function unavailableException(error: unknown): AppException | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  databaseOutage.noteFailure(error);
  return new AppException(
    ErrorCode.Unavailable,
    `the database is unavailable: retry after ${DATABASE_RETRY_AFTER_S} s`,
    { retry_after: DATABASE_RETRY_AFTER_S },
    { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  );
}
