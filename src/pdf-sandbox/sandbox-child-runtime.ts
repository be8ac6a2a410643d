/**
 * The sandbox child process's main loop (see run-in-sandbox.ts), started by an entry file with its task
 * table (sandbox-child.ts: the production tasks). Announces itself, then runs jobs
 * received over IPC one at a time (preflight and the named task) and answers each with one result or
 * error. After a result it waits for the next job (the parent pools warm children); after an error it
 * exits (the parent discards it anyway). Nothing here keeps a job's bytes once the job is answered.
 * Nothing here writes to stdout; the parent keeps only a bounded tail of stderr for diagnostics.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { preflightPdf } from './preflight';
import { isSandboxErrorCode, SandboxError, shortDetail } from './sandbox-error';
import type { ChildMessage, SandboxJobMessage } from './sandbox-protocol';
import type { SandboxTaskDefinition } from './task-registry';

/** Task table of a child: name -> definition (payload and result types are checked where it is built). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SandboxChildTasks = Record<string, SandboxTaskDefinition<any, unknown>>;

type ErrorMessage = Extract<ChildMessage, { kind: 'error' }>;

/** The job being run, if any (one at a time). */
let current: { id: number } | undefined;

/**
 * Deadline of the current job for the watchdog thread, in ms since the epoch (0: idle, no deadline).
 * Shared memory, so the thread sees it even while this thread's event loop is blocked by a parser.
 */
const deadline = new BigInt64Array(new SharedArrayBuffer(8));

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('no IPC channel'));
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

function toErrorMessage(id: number, error: unknown): ErrorMessage {
  if (error instanceof SandboxError || (error instanceof Error && isSandboxErrorCode((error as SandboxError).code))) {
    const e = error as SandboxError;
    return { kind: 'error', id, code: e.code, message: e.message, detail: e.detail };
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    const e = SandboxError.invalid('its objects are nested too deeply to read', shortDetail(error));
    return { kind: 'error', id, code: e.code, message: e.message, detail: e.detail };
  }
  const e = SandboxError.processing(error instanceof Error ? shortDetail(error.message, 500) : shortDetail(error));
  const name = error instanceof Error && error.name !== 'Error' ? error.name : undefined;
  return { kind: 'error', id, code: e.code, message: e.message, detail: e.detail, taskErrorName: name };
}

/**
 * Answers the job once. The job is over before the answer leaves (the parent may send the next job as
 * soon as it reads the answer). After an error, or an answer that could not be sent, the process exits.
 */
async function finish(job: { id: number }, outcome: { value: unknown } | { error: unknown }): Promise<void> {
  if (current !== job) return;
  current = undefined;
  Atomics.store(deadline, 0, 0n);
  if ('value' in outcome) {
    try {
      await send({ kind: 'result', id: job.id, value: outcome.value, rssMb: process.memoryUsage.rss() / 1024 / 1024 });
      return;
    } catch (error) {
      // The value could not be cloned (e.g. a function in the result): report that instead.
      outcome = { error: SandboxError.processing(`result could not be sent: ${shortDetail(error)}`) };
    }
  }
  await send(toErrorMessage(job.id, outcome.error)).catch(() => undefined);
  process.exit(0);
}

async function runJob(tasks: SandboxChildTasks, job: SandboxJobMessage): Promise<unknown> {
  const task = Object.prototype.hasOwnProperty.call(tasks, job.task) ? tasks[job.task] : undefined;
  if (!task) throw SandboxError.processing(`unknown sandbox task "${job.task}"`);
  const pdf = job.pdf instanceof Uint8Array ? job.pdf : new Uint8Array(job.pdf as ArrayLike<number>);
  const preflight = task.preflight ? await preflightPdf(pdf) : null;
  return task.run({ pdf, payload: job.payload, preflight });
}

/**
 * Orphan guard. The parent SIGKILLs this process at its deadline, but if the parent itself dies
 * abruptly (SIGKILL, kernel OOM killer) nobody would stop a child whose event loop is blocked by a
 * parser. A watchdog thread has its own event loop: it kills this process when it is reparented or
 * shortly after the parent's deadline of the current job.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const deadline = new BigInt64Array(workerData.deadline);
setInterval(() => {
  const end = Number(Atomics.load(deadline, 0));
  if ((end > 0 && Date.now() > end) || process.ppid !== workerData.ppid) {
    process.kill(workerData.group ? -process.pid : process.pid, 'SIGKILL');
  }
}, 250);
`;
const WATCHDOG_GRACE_MS = 2_000;

/**
 * Whether this process leads its own process group (the parent starts it detached): then the OCR tools it started
 * are in that group and are killed with it. Read from /proc (Linux); elsewhere only this process is killed.
 */
function leadsOwnGroup(): boolean {
  try {
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so count from its closing parenthesis.
    const stat = readFileSync('/proc/self/stat', 'latin1');
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    return pgrp === process.pid;
  } catch {
    return false;
  }
}

/** Stops this process and, when it leads its own group, every tool it started. */
function stopWithTools(): never {
  if (leadsOwnGroup()) process.kill(-process.pid, 'SIGKILL');
  process.exit(0);
}

function startWatchdog(): void {
  try {
    const worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      workerData: { deadline: deadline.buffer, ppid: process.ppid, group: leadsOwnGroup() },
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    worker.unref();
  } catch {
    // Without the thread the parent's deadline still applies; only the orphan case is uncovered.
  }
}

/** Runs this process as a sandbox child serving `tasks` (call once, from the child's entry file). */
export function startSandboxChild(tasks: SandboxChildTasks): void {
  process.on('message', (raw: unknown) => {
    const message = raw as SandboxJobMessage;
    if (current || !message || message.kind !== 'run') return;
    const job = { id: message.id };
    current = job;
    const timeoutMs = Number.isFinite(message.timeoutMs) ? message.timeoutMs : 60_000;
    Atomics.store(deadline, 0, BigInt(Math.ceil(Date.now() + timeoutMs + WATCHDOG_GRACE_MS)));
    runJob(tasks, message).then(
      (value) => finish(job, { value }),
      (error: unknown) => finish(job, { error }),
    );
  });

  // Attributed to the running job (conservatively: it may come from anything in this process); between
  // jobs there is nobody to tell, so the process just stops.
  process.on('uncaughtException', (error) => (current ? void finish(current, { error }) : process.exit(1)));
  process.on('unhandledRejection', (error) => (current ? void finish(current, { error }) : process.exit(1)));
  // The parent went away: nothing to report to, stop at once.
  process.on('disconnect', () => stopWithTools());

  startWatchdog();
  void send({ kind: 'ready' }).catch(() => process.exit(1));
}
