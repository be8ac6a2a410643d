/**
 * Runs PDF work in a child Node process so hostile files cannot stall or kill the caller: the child
 * gets a V8 heap limit (--max-old-space-size), a resident-memory watchdog (for ArrayBuffer/Buffer
 * memory the heap limit does not cover), and a wall-clock deadline per task after which it is
 * SIGKILLed. The parent's event loop never runs the parsers.
 *
 * Children are pooled (see configureSandboxPool): a call takes an idle warm child, or spawns one while
 * the pool is below its size, or waits its turn (FIFO). A child is reused only after a successful task
 * and is discarded (SIGKILLed) after any failure, after maxTasksPerChild tasks, when its resident memory
 * after a task is high, or after idleTimeoutMs without work. A child only runs with the heap limit and
 * environment it was started with. Pool size 0: a fresh child per call, killed after it.
 * Fairness: a call may name its tenant (the organization); one tenant's calls hold at most
 * maxPerTenant children at once, so a tenant's slow files never take every child while another
 * tenant's call waits (its later calls wait, the other tenant's call is served first).
 * Plain TypeScript, no Nest.
 */
import { SandboxError, shortDetail } from './sandbox-error';
import type { ChildMessage } from './sandbox-protocol';
import type { SandboxTaskName, SandboxTaskTypes } from './task-registry';
import {
  STDERR_TAIL_CHARS,
  SandboxLaunch,
  childEnv,
  classifyChildExit,
  resolveSandboxLaunch,
  watchRssMb,
} from './sandbox-launch';
import {
  applyPoolOptions,
  callBudget,
  poolConfig,
  tenantLimit,
  type CallBudget,
  type SandboxInput,
  type SandboxLimits,
  type SandboxPoolOptions,
  type SandboxPoolStats,
} from './sandbox-pool-config';
import type { ChildSpec, Job, Outcome, SandboxChild, Waiter } from './sandbox-pool-types';
import {
  forkSandboxChild,
  killProcessGroup,
  makeChildTempDir,
  removeTempDir,
  setProcessRef,
  sweepSandboxTempDirs,
} from './sandbox-process';

/** Every child started and not yet closed (pooled or not), for the exit hook and shutdown. */
const allChildren = new Set<SandboxChild>();
/** Pooled children alive and not retired (counted against the size). */
const liveChildren = new Set<SandboxChild>();
/** Idle pooled children, least recently used first. */
const idleChildren: SandboxChild[] = [];
const waiters: Waiter[] = [];
let lastJobId = 0;
let exitHookInstalled = false;
export {
  classifyChildExit,
  configureSandboxLaunch,
  resolveSandboxLaunch,
  SANDBOX_DEFAULT_MAX_OLD_SPACE_MB,
  SANDBOX_DEFAULT_TIMEOUT_MS,
} from './sandbox-launch';
export type { SandboxLaunch } from './sandbox-launch';
export {
  SANDBOX_DEFAULT_IDLE_TIMEOUT_MS,
  SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD,
  SANDBOX_DEFAULT_NICE,
  SANDBOX_DEFAULT_POOL_SIZE,
  sandboxTenantLimit,
} from './sandbox-pool-config';
export type { SandboxInput, SandboxLimits, SandboxPoolOptions, SandboxPoolStats } from './sandbox-pool-config';

/** Children must not outlive the worker (a stuck child would otherwise run to its own end). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Left by children of processes that died before they could clean up.
  sweepSandboxTempDirs();
  process.once('exit', () => {
    for (const child of allChildren) {
      killChild(child);
      removeTempDir(child.tempDir);
    }
  });
}

/**
 * Changes the pool settings (the ones given; the others stay; `recycleRssMb: undefined` or
 * `maxPerTenant: undefined` given explicitly restores its default). Applies at once to idle children
 * (surplus ones are stopped, idle timers restarted) and to busy ones when their task ends.
 */
export function configureSandboxPool(options: SandboxPoolOptions = {}): void {
  applyPoolOptions(options);
  while (liveChildren.size > poolConfig.size && idleChildren.length > 0) retire(idleChildren[0]);
  for (const child of idleChildren) sleep(child);
  pump();
}

/** Current pool settings and occupancy (for health checks and specs). */
export function sandboxPoolStats(): SandboxPoolStats {
  return {
    size: poolConfig.size,
    live: liveChildren.size,
    idle: idleChildren.length,
    busy: liveChildren.size - idleChildren.length,
    queued: waiters.length,
  };
}

/**
 * Kills every sandbox child (idle, busy, pooled or not) and resolves when they are gone. Running and
 * queued calls reject with PROCESSING_ERROR. The pool stays usable: later calls start new children.
 */
export async function shutdownSandboxPool(): Promise<void> {
  const stopped = (): SandboxError => SandboxError.processing('the sandbox was shut down');
  for (const waiter of waiters.splice(0)) waiter.job.done({ error: stopped() });
  const children = [...allChildren];
  for (const child of children) {
    if (child.job) endJob(child, { error: stopped() });
    retire(child);
  }
  await Promise.all(children.map((child) => child.closed));
}

/** Parks a healthy child: it no longer keeps this process alive and stops after the idle timeout. */
function sleep(child: SandboxChild): void {
  clearTimeout(child.idleTimer);
  setProcessRef(child.proc, false);
  child.idleTimer = setTimeout(() => retire(child), poolConfig.idleTimeoutMs);
  child.idleTimer.unref();
}

function release(child: SandboxChild): void {
  idleChildren.push(child);
  sleep(child);
}

/** Takes the child out of use for good and SIGKILLs it. */
function retire(child: SandboxChild): void {
  child.retired = true;
  forget(child);
  if (child.proc.exitCode === null && child.proc.signalCode === null) killChild(child);
}

/** SIGKILLs the child with every tool it started (its process group). */
function killChild(child: SandboxChild): void {
  killProcessGroup(child.proc.pid, () => child.proc.kill('SIGKILL'));
}

/** Removes the child from the pool's books (it may still be dying). */
function forget(child: SandboxChild): void {
  liveChildren.delete(child);
  const index = idleChildren.indexOf(child);
  if (index >= 0) idleChildren.splice(index, 1);
  clearTimeout(child.idleTimer);
  child.idleTimer = undefined;
}

function spawnChild(spec: ChildSpec, pooled: boolean): SandboxChild {
  const tempDir = makeChildTempDir();
  const proc = forkSandboxChild(spec, tempDir, poolConfig.nice);
  let markClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const child: SandboxChild = {
    proc,
    key: spec.key,
    pooled,
    ready: false,
    tasks: 0,
    stderrTail: '',
    job: undefined,
    idleTimer: undefined,
    retired: false,
    closed,
    tempDir,
    markClosed: () => {
      allChildren.delete(child);
      forget(child);
      markClosed();
    },
  };
  allChildren.add(child);
  if (pooled) liveChildren.add(child);
  proc.stderr?.setEncoding('utf8');
  proc.stderr?.on('data', (chunk: string) => {
    child.stderrTail = (child.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  proc.on('message', (raw: unknown) => onChildMessage(child, raw as ChildMessage));
  proc.on('error', (error) => {
    endJob(child, { error: SandboxError.processing(`sandbox process error: ${shortDetail(error)}`) });
    retire(child);
    // A process that never started emits no 'close'.
    if (proc.pid === undefined) {
      removeTempDir(tempDir);
      child.markClosed();
    }
    pump();
  });
  proc.on('close', (code, signal) => {
    child.retired = true;
    // A child that died on its own (its heap limit, the OOM killer) may leave tools running in its group.
    killProcessGroup(proc.pid, () => undefined);
    removeTempDir(tempDir);
    child.markClosed();
    endJob(child, { error: classifyChildExit(code, signal, child.stderrTail) });
    pump();
  });
  return child;
}

function onChildMessage(child: SandboxChild, message: ChildMessage): void {
  if (child.retired) return;
  const job = child.job;
  if (message?.kind === 'ready' && !child.ready) {
    child.ready = true;
    if (job) sendJob(child, job);
    return;
  }
  if (job?.sent && (message?.kind === 'result' || message?.kind === 'error') && message.id === job.message.id) {
    if (message.kind === 'result') {
      endJob(child, { value: message.value, rssMb: message.rssMb });
    } else {
      endJob(child, { error: new SandboxError(message.code, message.message, message.detail, message.taskErrorName) });
    }
    return;
  }
  // Anything else (an answer nobody asked for, a second 'ready', garbage): the child is not trusted again.
  endJob(child, { error: SandboxError.processing(`unexpected message from the sandbox child`) });
  retire(child);
}

function sendJob(child: SandboxChild, job: Job): void {
  job.sent = true;
  const failed = (error: unknown): void => {
    if (child.job === job) {
      endJob(child, { error: SandboxError.processing(`could not send the job: ${shortDetail(error)}`) });
    }
  };
  try {
    child.proc.send(job.message, (error) => error && failed(error));
  } catch (error) {
    // e.g. a payload that structured clone refuses (a function): fails this call only.
    failed(error);
  }
}

/** Gives the child its job: the deadline and the memory watchdog start now. */
function startJob(child: SandboxChild, job: Job): void {
  clearTimeout(child.idleTimer);
  child.idleTimer = undefined;
  setProcessRef(child.proc, true);
  child.job = job;
  child.stderrTail = '';
  const { timeoutMs, task } = job.message;
  job.timer = setTimeout(() => endJob(child, { error: SandboxError.timeout(timeoutMs, `task ${task}`) }), timeoutMs);
  job.watchdog = watchRssMb(
    () => (child.job === job ? child.proc.pid : undefined),
    job.maxRssMb,
    (rss) =>
      endJob(child, {
        error: SandboxError.outOfMemory(`resident memory ${Math.round(rss)} MB over ${job.maxRssMb} MB`),
      }),
  );
  if (child.ready) sendJob(child, job);
}

/**
 * Ends the child's current job (no-op without one): answers the caller, then keeps the child only
 * after a success within its task and memory budget; otherwise kills it. Then serves the queue.
 */
function endJob(child: SandboxChild, outcome: Outcome): void {
  const job = child.job;
  if (!job) return;
  child.job = undefined;
  clearTimeout(job.timer);
  clearInterval(job.watchdog);
  child.tasks += 1;
  const recycleRssMb = poolConfig.recycleRssMb ?? job.maxRssMb / 2;
  const reusable =
    'value' in outcome &&
    child.pooled &&
    !child.retired &&
    child.tasks < poolConfig.maxTasksPerChild &&
    (outcome.rssMb === undefined || outcome.rssMb <= recycleRssMb) &&
    liveChildren.size <= poolConfig.size;
  if (reusable) release(child);
  else retire(child);
  job.done(outcome);
  pump();
}

/** The oldest waiting call whose tenant is under its limit, or -1. */
function nextWaiter(): number {
  const running = new Map<string, number>();
  for (const child of liveChildren) {
    const tenant = child.job?.tenant;
    if (tenant !== undefined) running.set(tenant, (running.get(tenant) ?? 0) + 1);
  }
  const limit = tenantLimit();
  return waiters.findIndex(({ job }) => job.tenant === undefined || (running.get(job.tenant) ?? 0) < limit);
}

/** Hands idle or new children to waiting calls, oldest call first (among tenants under their limit). */
function pump(): void {
  for (;;) {
    const index = nextWaiter();
    if (index < 0) return;
    const { spec, job } = waiters[index];
    let child: SandboxChild | undefined;
    for (let i = idleChildren.length - 1; i >= 0; i--) {
      if (idleChildren[i].key === spec.key) {
        child = idleChildren.splice(i, 1)[0];
        break;
      }
    }
    if (!child) {
      if (liveChildren.size >= poolConfig.size) {
        // Full: an idle child started for other limits or another environment makes room, else wait.
        if (idleChildren.length === 0) return;
        retire(idleChildren[0]);
      }
      waiters.splice(index, 1);
      try {
        child = spawnChild(spec, true);
      } catch (error) {
        job.done({ error: SandboxError.processing(`could not start the sandbox: ${shortDetail(error)}`) });
        continue;
      }
    } else {
      waiters.splice(index, 1);
    }
    startJob(child, job);
  }
}

/**
 * Runs `task` on `input.pdf` in a sandbox child (a warm pooled one when available) and returns its
 * result. Rejects with SandboxError: PDF_INVALID, PDF_ENCRYPTED, PDF_NO_PAGES, PDF_TOO_MANY_PAGES (from
 * the preflight or the task), PROCESSING_TIMEOUT, PROCESSING_OUT_OF_MEMORY or PROCESSING_ERROR.
 */
export function runInSandbox<K extends SandboxTaskName>(
  task: K,
  input: SandboxInput<SandboxTaskTypes[K]['payload']>,
  limits: SandboxLimits = {},
): Promise<SandboxTaskTypes[K]['result']> {
  return runSandboxTask(task, input, limits) as Promise<SandboxTaskTypes[K]['result']>;
}

/**
 * runInSandbox by a task name the types do not know (a task of another child entry, e.g. the specs'
 * test tasks, or an unknown name: rejected by the child with PROCESSING_ERROR).
 */
export function runSandboxTask(task: string, input: SandboxInput, limits: SandboxLimits = {}): Promise<unknown> {
  let budget: CallBudget;
  let launch: SandboxLaunch;
  try {
    budget = callBudget(limits);
    if (!(input?.pdf instanceof Uint8Array)) {
      throw new TypeError('runInSandbox: input.pdf must be a Uint8Array or Buffer');
    }
    launch = resolveSandboxLaunch();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const { timeoutMs, maxOldSpaceMb, maxRssMb } = budget;
  installExitHook();

  const execArgv = [`--max-old-space-size=${maxOldSpaceMb}`, ...launch.loaderArgv];
  const env = childEnv(launch.loaderEnv);
  const spec: ChildSpec = { key: JSON.stringify([launch.entry, execArgv, env]), entry: launch.entry, execArgv, env };

  return new Promise<unknown>((resolve, reject) => {
    const job: Job = {
      message: { kind: 'run', id: ++lastJobId, task, pdf: input.pdf, payload: input.payload, timeoutMs },
      maxRssMb,
      tenant: limits.tenant,
      sent: false,
      done: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value)),
    };
    if (poolConfig.size > 0) {
      waiters.push({ spec, job });
      pump();
      return;
    }
    let child: SandboxChild;
    try {
      child = spawnChild(spec, false);
    } catch (error) {
      reject(SandboxError.processing(`could not start the sandbox: ${shortDetail(error)}`));
      return;
    }
    startJob(child, job);
  });
}
