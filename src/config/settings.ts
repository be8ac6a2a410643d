import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, validateSync } from 'class-validator';

const toBool = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1';
const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

export const APP_ROLES = ['all', 'api', 'worker'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/**
 * Every setting of the service, validated once at boot. Nothing else reads process.env:
 * modules inject `Settings` (see settings.module.ts), scripts call `loadSettings()`.
 */
export class Settings {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/edform';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379/0';

  /** Prefix of the Bull keys in Redis, so several deployments (or test runs) can share one Redis. */
  @Matches(/^[\w.-]{1,64}$/, { message: 'QUEUE_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores' })
  QUEUE_PREFIX = 'edform';

  /**
   * Namespace of the rate-limit counters in Redis; empty: QUEUE_PREFIX. Replicas of one deployment share it (so a
   * limit holds across them); the tests give each app its own, so one spec's blocked address never leaks into the next.
   */
  @IsOptional()
  @Matches(/^[\w.-]{0,64}$/, {
    message: 'RATE_LIMIT_NAMESPACE must be up to 64 letters, digits, dots, dashes or underscores',
  })
  RATE_LIMIT_NAMESPACE = '';

  /** Admin API bearer token; the admin API is off when unset. */
  @IsOptional()
  @IsString()
  @Matches(/^.{16,}$/, { message: 'ADMIN_TOKEN must be at least 16 characters' })
  ADMIN_TOKEN?: string;

  /** 32 bytes, base64. Required in production. */
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_KEY?: string;

  /** Earlier keys still needed to read old values, comma separated, base64. */
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_PREVIOUS_KEYS?: string;

  @IsIn(APP_ROLES)
  APP_ROLE: AppRole = 'all';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  IMPORTS_DAILY_QUOTA = 200;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE = 600;

  /** Wrong API keys or admin tokens per client address per minute; past it, 429 for a minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_FAILURES_PER_MINUTE = 30;

  /** Per-IP limit of the public fill page and signed file routes. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PUBLIC_RATE_LIMIT_PER_MINUTE = 120;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  WEBHOOK_RETRY_BASE_MS = 60_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  WEBHOOK_RETRY_MAX_MS = 21_600_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  WEBHOOK_MAX_ATTEMPTS = 10;

  @Transform(toBool)
  @IsBoolean()
  ALLOW_INSECURE_OUTBOUND = false;

  /**
   * Which peers may set X-Forwarded-For (Express `trust proxy`): false (default: the socket address is the
   * client), true, a hop count, or addresses/subnets such as "loopback" or "10.0.0.0/8, 10.1.2.3".
   */
  @Matches(/^(false|true|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, {
    message: 'TRUST_PROXY must be false, true, a hop count, or a comma-separated list of addresses or subnets',
  })
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WORKER_CONCURRENCY = 2;

  /** Hard deadline of one sandboxed PDF task (detection, rendering); the child is killed after it. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  PDF_PROCESSING_TIMEOUT_MS = 60_000;

  /**
   * Detection gives up a page whose reading takes longer than this (the page is left for review, the
   * import goes on). An ordinary page reads in 15-60 ms.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DETECTION_PAGE_BUDGET_MS = 5_000;

  /**
   * Detection starts no page after this; the pages left are named for review. The detection child is
   * killed at this plus two page budgets (30 s by default, where a 100-page ordinary form takes ~5 s).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  DETECTION_DOCUMENT_BUDGET_MS = 20_000;

  /** Warm sandbox child processes per process (each holds about 150 MB); 0 = a fresh child per task. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(32)
  PDF_SANDBOX_POOL_SIZE = 2;

  /**
   * A sandbox child is replaced after this many tasks. Starting one costs a few hundred ms of CPU (module
   * load, JIT warm-up): at 50 the renders spent more time respawning than rendering. Memory growth is
   * bounded separately (a child over its resident-memory threshold is replaced after its task).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  PDF_SANDBOX_MAX_TASKS_PER_CHILD = 500;

  /** Scheduling priority (nice) of sandbox children: PDF work yields the CPU to requests under contention. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(19)
  PDF_SANDBOX_NICE = 10;

  /** A rate-limit counter Redis has not answered within this is counted in this process instead (fail open). */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  RATE_LIMIT_REDIS_TIMEOUT_MS = 300;

  /** Adding a job after a commit waits at most this; past it the sweepers queue the job when Redis is back. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  QUEUE_ENQUEUE_TIMEOUT_MS = 1_000;

  /** Bull job lock; a job whose worker died is taken again after it runs out (plus one stalled check). */
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  QUEUE_LOCK_DURATION_MS = 8_000;

  /** How often each worker looks for jobs whose lock ran out (their worker died). */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  QUEUE_STALLED_INTERVAL_MS = 2_500;

  /** How often a worker process writes its heartbeat to Redis; /health treats one older than 3 beats as dead. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  WORKER_HEARTBEAT_MS = 5_000;

  /** Waiting for a PostgreSQL connection (new or from the full pool) gives up after this: 503, not a hang. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DB_CONNECT_TIMEOUT_MS = 3_000;

  /** PostgreSQL cancels a statement after this; the client gives up 1 s later when the server does not answer. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DB_STATEMENT_TIMEOUT_MS = 10_000;

  /** On SIGTERM, readiness answers 503 this long before the listener closes, so a load balancer drains us. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_DRAIN_MS = 5_000;

  /** In-flight requests and jobs get this long to finish after the listener closes; then the process exits. */
  @Transform(toInt)
  @IsInt()
  @Min(1_000)
  SHUTDOWN_TIMEOUT_MS = 30_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** `auto`: short readable lines when standard output is a terminal, JSON lines otherwise; or always `json`/`pretty`. */
  @IsIn(['auto', 'json', 'pretty'])
  LOG_FORMAT: 'auto' | 'json' | 'pretty' = 'auto';
}

export class SettingsError extends Error {}

/** Validates an environment; throws one SettingsError whose message names each bad variable. */
export function validateSettings(env: Record<string, unknown>): Settings {
  // An empty variable means "not set" (as in `.env` files with `ADMIN_TOKEN=`).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  // Links the service mints point at the port it actually listens on unless told otherwise.
  if (given.PUBLIC_BASE_URL === undefined && (typeof given.PORT === 'string' || typeof given.PORT === 'number')) {
    given.PUBLIC_BASE_URL = `http://localhost:${given.PORT}`;
  }
  const settings = plainToInstance(Settings, given, { exposeDefaultValues: true });
  const problems = validateSync(settings, { whitelist: false }).map(
    (e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  if (settings.NODE_ENV === 'production') {
    if (settings.ALLOW_INSECURE_OUTBOUND) problems.push('ALLOW_INSECURE_OUTBOUND: must not be true in production');
    if (!settings.DATA_ENCRYPTION_KEY) problems.push('DATA_ENCRYPTION_KEY: required in production');
  }
  for (const name of ['DATA_ENCRYPTION_KEY', 'DATA_ENCRYPTION_PREVIOUS_KEYS'] as const) {
    const value = settings[name];
    if (value && value.split(',').some((k) => Buffer.from(k.trim(), 'base64').length !== 32)) {
      problems.push(`${name}: each key must be 32 bytes in base64 (openssl rand -base64 32)`);
    }
  }
  if (problems.length) throw new SettingsError(`Invalid settings: ${problems.join(' | ')}`);
  return settings;
}

/**
 * What the settings are read from: the process environment over the variables of `envFile` (`.env` in the
 * working directory, when present; a variable set in the environment wins). process.env is not changed.
 */
export function settingsEnvironment(
  envFile = '.env',
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnv(readFileSync(envFile, 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { ...fromFile, ...env };
}

let cached: Settings | undefined;

/**
 * The service's one settings object, read and validated once (the only reader of process.env in the service).
 * Dependency injection provides this same object (SettingsModule); only code that runs before the container exists
 * (main.ts, scripts) calls this function. Everything inside the container, the worker role and the queue
 * concurrency included, reads the injected object, so a test app's overrides reach all of it.
 */
export function loadSettings(): Settings {
  cached ??= validateSettings(settingsEnvironment());
  return cached;
}

/** For tests that change the environment between app boots. */
export function resetSettingsCache(): void {
  cached = undefined;
}
