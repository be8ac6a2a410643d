/**
 * The sandbox pool's settings (configureSandboxPool) and a call's limits (runInSandbox), with their defaults and
 * validation: what run-in-sandbox.ts schedules by. Plain TypeScript, no Nest.
 */
import {
  nonNegativeInteger,
  positive,
  RSS_HEADROOM_MB,
  SANDBOX_DEFAULT_MAX_OLD_SPACE_MB,
  SANDBOX_DEFAULT_TIMEOUT_MS,
} from './sandbox-launch';

export interface SandboxInput<P = unknown> {
  pdf: Uint8Array;
  payload?: P;
}

export interface SandboxLimits {
  /**
   * Wall-clock deadline of the task in ms (default 20 000): from the moment the call gets its child
   * (a fresh spawn or a warm idle child) to the result. Time queued for a free child is not counted.
   */
  timeoutMs?: number;
  /** V8 old-space limit of the child, in MB (default 512). */
  maxOldSpaceMb?: number;
  /**
   * Resident memory limit of the child in MB, checked every 100 ms from the parent (Linux /proc only).
   * Catches typed-array/Buffer memory outside the V8 heap. Default: maxOldSpaceMb + 512.
   */
  maxRssMb?: number;
  /** Whose work this is (an organization id): see SandboxPoolOptions.maxPerTenant. None: not limited. */
  tenant?: string;
}

export interface SandboxPoolOptions {
  /**
   * Children kept warm, and the most pooled tasks running at once (further calls wait, FIFO).
   * 0: no pooling, a fresh child per call that is killed after it (no limit on concurrent calls).
   * Default 2.
   */
  size?: number;
  /** A child is replaced after this many tasks. Default 500. */
  maxTasksPerChild?: number;
  /** An idle child is stopped after this long without work, in ms. Default 60 000. */
  idleTimeoutMs?: number;
  /**
   * A child whose resident memory after a task is over this many MB is replaced.
   * Default: half of the call's maxRssMb.
   */
  recycleRssMb?: number;
  /**
   * Pooled tasks of one tenant running at once (its further calls wait while other calls are served).
   * Default: size - 1 (at least 1), so one child stays free for the other tenants.
   */
  maxPerTenant?: number;
  /**
   * Scheduling priority (nice, 0-19) of the children. PDF work is batch work: under CPU contention the API's
   * requests in the parent and other processes go first, and renders catch up in the slack. Default 10.
   */
  nice?: number;
}

export interface SandboxPoolStats {
  size: number;
  /** Pooled children alive (idle + busy). */
  live: number;
  idle: number;
  busy: number;
  /** Calls waiting for a child. */
  queued: number;
}

export const SANDBOX_DEFAULT_POOL_SIZE = 2;
export const SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD = 500;
export const SANDBOX_DEFAULT_IDLE_TIMEOUT_MS = 60_000;
export const SANDBOX_DEFAULT_NICE = 10;

export interface PoolConfig {
  size: number;
  maxTasksPerChild: number;
  idleTimeoutMs: number;
  recycleRssMb: number | undefined;
  maxPerTenant: number | undefined;
  nice: number;
}

/** The pool's settings now (changed in place by applyPoolOptions). */
export const poolConfig: PoolConfig = {
  size: SANDBOX_DEFAULT_POOL_SIZE,
  maxTasksPerChild: SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD,
  idleTimeoutMs: SANDBOX_DEFAULT_IDLE_TIMEOUT_MS,
  recycleRssMb: undefined,
  maxPerTenant: undefined,
  nice: SANDBOX_DEFAULT_NICE,
};

/** Validates the options given and applies them over the current settings (see configureSandboxPool). */
export function applyPoolOptions(options: SandboxPoolOptions): void {
  const next: PoolConfig = {
    size: nonNegativeInteger(options.size, poolConfig.size, 'size', 0),
    maxTasksPerChild: nonNegativeInteger(options.maxTasksPerChild, poolConfig.maxTasksPerChild, 'maxTasksPerChild', 1),
    idleTimeoutMs: positive(options.idleTimeoutMs, poolConfig.idleTimeoutMs, 'idleTimeoutMs'),
    recycleRssMb:
      options.recycleRssMb === undefined
        ? 'recycleRssMb' in options
          ? undefined
          : poolConfig.recycleRssMb
        : positive(options.recycleRssMb, 0, 'recycleRssMb'),
    maxPerTenant:
      options.maxPerTenant === undefined
        ? 'maxPerTenant' in options
          ? undefined
          : poolConfig.maxPerTenant
        : nonNegativeInteger(options.maxPerTenant, 1, 'maxPerTenant', 1),
    nice: niceness(options.nice, poolConfig.nice),
  };
  Object.assign(poolConfig, next);
}

/** A scheduling priority between 0 and 19 (the range of nice above the default). */
function niceness(value: number | undefined, fallback: number): number {
  const nice = nonNegativeInteger(value, fallback, 'nice', 0);
  if (nice > 19) throw new RangeError('nice must be an integer from 0 to 19');
  return nice;
}

/** Pooled tasks one tenant may run at once while the pool is on. */
export function tenantLimit(): number {
  return poolConfig.maxPerTenant ?? Math.max(1, poolConfig.size - 1);
}

/** Pooled tasks one tenant may run at once (Infinity without pooling: pool size 0 limits nobody). */
export function sandboxTenantLimit(): number {
  return poolConfig.size === 0 ? Infinity : tenantLimit();
}

/** A call's validated limits (SandboxLimits with their defaults). */
export interface CallBudget {
  timeoutMs: number;
  maxOldSpaceMb: number;
  maxRssMb: number;
}

export function callBudget(limits: SandboxLimits): CallBudget {
  const timeoutMs = positive(limits.timeoutMs, SANDBOX_DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const maxOldSpaceMb = Math.ceil(positive(limits.maxOldSpaceMb, SANDBOX_DEFAULT_MAX_OLD_SPACE_MB, 'maxOldSpaceMb'));
  return { timeoutMs, maxOldSpaceMb, maxRssMb: positive(limits.maxRssMb, maxOldSpaceMb + RSS_HEADROOM_MB, 'maxRssMb') };
}
