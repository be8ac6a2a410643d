/**
 * Runs PDF work in a short-lived child Node process so hostile files cannot stall or kill the
 * caller: the child gets a V8 heap limit (--max-old-space-size), a resident-memory watchdog (for
 * ArrayBuffer/Buffer memory the heap limit does not cover), and a wall-clock deadline after which it
 * is SIGKILLed. The parent's event loop never runs the parsers.
 *
 * One child per call (fresh heap, nothing shared between partners' files). Plain TypeScript, no Nest.
 */
import { ChildProcess, fork } from 'node:child_process';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { SandboxError, shortDetail } from './sandbox-error';
import type { ChildMessage, SandboxJobMessage } from './sandbox-protocol';
import type { SandboxTaskName, SandboxTestTaskName } from './task-registry';

export interface SandboxInput {
  pdf: Uint8Array;
  payload?: unknown;
}

export interface SandboxLimits {
  /** Wall-clock deadline from spawn to result, in ms (default 20 000). */
  timeoutMs?: number;
  /** V8 old-space limit of the child, in MB (default 512). */
  maxOldSpaceMb?: number;
  /**
   * Resident memory limit of the child in MB, checked every 100 ms from the parent (Linux /proc only).
   * Catches typed-array/Buffer memory outside the V8 heap. Default: maxOldSpaceMb + 512.
   */
  maxRssMb?: number;
}

export const SANDBOX_DEFAULT_TIMEOUT_MS = 20_000;
export const SANDBOX_DEFAULT_MAX_OLD_SPACE_MB = 512;
const RSS_HEADROOM_MB = 512;
const RSS_POLL_MS = 100;
const STDERR_TAIL_CHARS = 4096;

/** Environment variables the child may see. The worker's secrets (database, keys) are not passed. */
const CHILD_ENV_ALLOWLIST = ['PATH', 'NODE_ENV', 'TZ', 'LANG', 'LC_ALL', 'TMPDIR', 'SANDBOX_TEST_TASKS'];

export interface SandboxLaunch {
  /** Absolute path of the child entry (sandbox-child.js in dist/, sandbox-child.ts from sources). */
  entry: string;
  /** Loader flags for the TypeScript entry (ts-node transpile-only + tsconfig-paths), else empty. */
  loaderArgv: string[];
  /** Extra environment for the loader (TS_NODE_PROJECT...). */
  loaderEnv: Record<string, string>;
}

let cachedLaunch: SandboxLaunch | undefined;

function findUp(startDir: string, fileName: string): string | undefined {
  let dir = startDir;
  for (;;) {
    const candidate = path.join(dir, fileName);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * How the child is started. Compiled (`node dist/src/main.js`): `sandbox-child.js` beside this file.
 * From sources (ts-node, jest): `sandbox-child.ts` with `-r ts-node/register/transpile-only
 * -r tsconfig-paths/register`. The entry of the same kind as this file wins, the other is a fallback.
 */
export function resolveSandboxLaunch(): SandboxLaunch {
  if (cachedLaunch) return cachedLaunch;
  const js = path.join(__dirname, 'sandbox-child.js');
  const ts = path.join(__dirname, 'sandbox-child.ts');
  const runningTs = path.extname(__filename) === '.ts';
  const useTs = runningTs ? existsSync(ts) || !existsSync(js) : !existsSync(js) && existsSync(ts);
  if (!useTs) {
    if (!existsSync(js)) throw SandboxError.processing(`sandbox child entry not found next to ${__filename}`);
    cachedLaunch = { entry: js, loaderArgv: [], loaderEnv: {} };
    return cachedLaunch;
  }
  const loaderEnv: Record<string, string> = { TS_NODE_TRANSPILE_ONLY: 'true' };
  const tsconfig = findUp(__dirname, 'tsconfig.json');
  if (tsconfig) loaderEnv.TS_NODE_PROJECT = tsconfig;
  cachedLaunch = {
    entry: ts,
    loaderArgv: [
      '-r',
      require.resolve('ts-node/register/transpile-only'),
      '-r',
      require.resolve('tsconfig-paths/register'),
    ],
    loaderEnv,
  };
  return cachedLaunch;
}

const activeChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Children must not outlive the worker (a stuck child would otherwise run to its own end). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of activeChildren) child.kill('SIGKILL');
  });
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of CHILD_ENV_ALLOWLIST) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** Resident set size of a process in MB from /proc (Linux), or undefined where unavailable. */
async function readRssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await fsp.readFile(`/proc/${pid}/status`, 'latin1');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const OOM_PATTERN =
  /heap out of memory|Reached heap limit|Allocation failed|ERR_WORKER_OUT_OF_MEMORY|ERR_OUT_OF_MEMORY|Array buffer allocation failed|Cannot allocate memory/i;

/** Turns an unexpected child exit into an error (no result or error message was received). */
export function classifyChildExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderrTail: string,
): SandboxError {
  const how = `child exited with code ${code ?? 'none'}, signal ${signal ?? 'none'}`;
  const lastLine = stderrTail.trim().split('\n').slice(-1)[0] ?? '';
  if (OOM_PATTERN.test(stderrTail) || signal === 'SIGABRT' || code === 134) {
    return SandboxError.outOfMemory(`${how}: ${shortDetail(lastLine, 200)}`);
  }
  if (signal === 'SIGKILL') {
    return SandboxError.outOfMemory(`${how} (not by the sandbox: most likely the system OOM killer)`);
  }
  return SandboxError.processing(lastLine ? `${how}: ${shortDetail(lastLine, 200)}` : how);
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  return value;
}

/**
 * Runs `task` on `input.pdf` in a fresh child process and returns its result.
 * Rejects with SandboxError: PDF_INVALID, PDF_ENCRYPTED, PDF_NO_PAGES, PDF_TOO_MANY_PAGES (from the
 * preflight or the task), PROCESSING_TIMEOUT, PROCESSING_OUT_OF_MEMORY or PROCESSING_ERROR.
 */
export function runInSandbox<TOut>(
  task: SandboxTaskName | SandboxTestTaskName,
  input: SandboxInput,
  limits: SandboxLimits = {},
): Promise<TOut> {
  let timeoutMs: number;
  let maxOldSpaceMb: number;
  let maxRssMb: number;
  let launch: SandboxLaunch;
  try {
    timeoutMs = positive(limits.timeoutMs, SANDBOX_DEFAULT_TIMEOUT_MS, 'timeoutMs');
    maxOldSpaceMb = Math.ceil(positive(limits.maxOldSpaceMb, SANDBOX_DEFAULT_MAX_OLD_SPACE_MB, 'maxOldSpaceMb'));
    maxRssMb = positive(limits.maxRssMb, maxOldSpaceMb + RSS_HEADROOM_MB, 'maxRssMb');
    if (!(input?.pdf instanceof Uint8Array)) {
      throw new TypeError('runInSandbox: input.pdf must be a Uint8Array or Buffer');
    }
    launch = resolveSandboxLaunch();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  installExitHook();

  return new Promise<TOut>((resolve, reject) => {
    let settled = false;
    let stderrTail = '';
    let watchdog: NodeJS.Timeout | undefined;
    let child: ChildProcess;

    try {
      child = fork(launch.entry, [], {
        execArgv: [`--max-old-space-size=${maxOldSpaceMb}`, ...launch.loaderArgv],
        env: childEnv(launch.loaderEnv),
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
    } catch (error) {
      reject(SandboxError.processing(`could not start the sandbox: ${shortDetail(error)}`));
      return;
    }
    activeChildren.add(child);

    const kill = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const settle = (outcome: { value: TOut } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    };
    /** Settle first, then kill: the caller is answered even if the kill is slow. */
    const stop = (outcome: { value: TOut } | { error: Error }): void => {
      settle(outcome);
      kill();
    };

    const timer = setTimeout(() => stop({ error: SandboxError.timeout(timeoutMs, `task ${task}`) }), timeoutMs);
    if (process.platform === 'linux') {
      let polling = false;
      watchdog = setInterval(() => {
        if (polling || settled || child.pid === undefined) return;
        polling = true;
        void readRssMb(child.pid).then((rss) => {
          polling = false;
          if (rss !== undefined && rss > maxRssMb) {
            stop({ error: SandboxError.outOfMemory(`resident memory ${Math.round(rss)} MB over ${maxRssMb} MB`) });
          }
        });
      }, RSS_POLL_MS);
    }

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });

    child.on('message', (raw: unknown) => {
      const message = raw as ChildMessage;
      if (settled || !message || typeof message !== 'object') return;
      if (message.kind === 'ready') {
        const job: SandboxJobMessage = { kind: 'run', task, pdf: input.pdf, payload: input.payload, timeoutMs };
        child.send(job, (error) => {
          if (error) stop({ error: SandboxError.processing(`could not send the job: ${shortDetail(error)}`) });
        });
      } else if (message.kind === 'result') {
        stop({ value: message.value as TOut });
      } else if (message.kind === 'error') {
        stop({ error: new SandboxError(message.code, message.message, message.detail, message.taskErrorName) });
      }
    });

    child.on('error', (error) =>
      stop({ error: SandboxError.processing(`sandbox process error: ${shortDetail(error)}`) }),
    );
    child.on('close', (code, signal) => {
      activeChildren.delete(child);
      settle({ error: classifyChildExit(code, signal, stderrTail) });
    });
  });
}
