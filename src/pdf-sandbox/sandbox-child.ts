/**
 * Entry point of the sandbox child process (see run-in-sandbox.ts). Waits for one job over IPC,
 * runs the preflight and the named task, sends back one result or error, and exits.
 * Nothing here writes to stdout; the parent keeps only a bounded tail of stderr for diagnostics.
 */
import { Worker } from 'node:worker_threads';
import { preflightPdf } from './preflight';
import { isSandboxErrorCode, SandboxError, shortDetail } from './sandbox-error';
import type { ChildMessage, SandboxJobMessage } from './sandbox-protocol';
import { getSandboxTask } from './task-registry';

let busy = false;
let finished = false;

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('no IPC channel'));
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

function toErrorMessage(error: unknown): ChildMessage {
  if (error instanceof SandboxError || (error instanceof Error && isSandboxErrorCode((error as SandboxError).code))) {
    const e = error as SandboxError;
    return { kind: 'error', code: e.code, message: e.message, detail: e.detail };
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    const e = SandboxError.invalid('its objects are nested too deeply to read', shortDetail(error));
    return { kind: 'error', code: e.code, message: e.message, detail: e.detail };
  }
  const e = SandboxError.processing(error instanceof Error ? shortDetail(error.message, 500) : shortDetail(error));
  const name = error instanceof Error && error.name !== 'Error' ? error.name : undefined;
  return { kind: 'error', code: e.code, message: e.message, detail: e.detail, taskErrorName: name };
}

async function finish(message: ChildMessage): Promise<void> {
  if (finished) return;
  finished = true;
  try {
    await send(message);
  } catch (error) {
    // The value could not be cloned (e.g. a function in the result): report that instead.
    await send(toErrorMessage(SandboxError.processing(`result could not be sent: ${shortDetail(error)}`))).catch(
      () => undefined,
    );
  }
  process.exit(0);
}

async function runJob(job: SandboxJobMessage): Promise<unknown> {
  const task = getSandboxTask(job.task);
  if (!task) throw SandboxError.processing(`unknown sandbox task "${job.task}"`);
  const pdf = job.pdf instanceof Uint8Array ? job.pdf : new Uint8Array(job.pdf as ArrayLike<number>);
  const preflight = task.preflight ? await preflightPdf(pdf) : null;
  return task.run({ pdf, payload: job.payload, preflight });
}

/**
 * Orphan guard. The parent SIGKILLs this process at its deadline, but if the parent itself dies
 * abruptly (SIGKILL, kernel OOM killer) nobody would stop a child whose event loop is blocked by a
 * parser. A watchdog thread has its own event loop: it kills this process when it is reparented or
 * shortly after the parent's deadline.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const end = Date.now() + workerData.ms;
setInterval(() => {
  if (Date.now() > end || process.ppid !== workerData.ppid) process.kill(process.pid, 'SIGKILL');
}, 250);
`;

function startWatchdog(timeoutMs: number): void {
  try {
    const worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      workerData: { ms: timeoutMs + 2_000, ppid: process.ppid },
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    worker.unref();
  } catch {
    // Without the thread the parent's deadline still applies; only the orphan case is uncovered.
  }
}

process.on('message', (raw: unknown) => {
  const job = raw as SandboxJobMessage;
  if (busy || !job || job.kind !== 'run') return;
  busy = true;
  startWatchdog(Number.isFinite(job.timeoutMs) ? job.timeoutMs : 60_000);
  runJob(job).then(
    (value) => finish({ kind: 'result', value }),
    (error: unknown) => finish(toErrorMessage(error)),
  );
});

process.on('uncaughtException', (error) => void finish(toErrorMessage(error)));
process.on('unhandledRejection', (error) => void finish(toErrorMessage(error)));
// The parent went away: nothing to report to, stop at once.
process.on('disconnect', () => process.exit(0));

void send({ kind: 'ready' }).catch(() => process.exit(1));
