/**
 * How a sandbox child is launched and judged: the entry file (compiled JS or TypeScript through ts-node),
 * its environment (an allow-list: no secrets), its resident memory, and what an unexpected exit means.
 * Plain TypeScript, no Nest; no pool state here.
 */
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { SandboxError, shortDetail } from './sandbox-error';

export const SANDBOX_DEFAULT_TIMEOUT_MS = 20_000;
export const SANDBOX_DEFAULT_MAX_OLD_SPACE_MB = 512;
export const RSS_HEADROOM_MB = 512;
export const RSS_POLL_MS = 100;
export const STDERR_TAIL_CHARS = 4096;

/** Environment variables the child may see. The worker's secrets (database, keys) are not passed. */
const CHILD_ENV_ALLOWLIST = ['PATH', 'NODE_ENV', 'TZ', 'LANG', 'LC_ALL', 'TMPDIR'];

export interface SandboxLaunch {
  /** Absolute path of the child entry (sandbox-child.js in dist/, sandbox-child.ts from sources). */
  entry: string;
  /** Loader flags for the TypeScript entry (ts-node transpile-only + tsconfig-paths), else empty. */
  loaderArgv: string[];
  /** Extra environment for the loader (TS_NODE_PROJECT...). */
  loaderEnv: Record<string, string>;
}

let cachedLaunch: SandboxLaunch | undefined;
let chosenLaunch: SandboxLaunch | undefined;

/**
 * Starts later children from another entry (specs: a precompiled entry that adds test tasks), or back
 * from the default entry with `undefined`. Children already running keep their entry; a pooled child
 * is never given to a call of another entry (the entry is part of its identity).
 */
export function configureSandboxLaunch(launch: SandboxLaunch | undefined): void {
  chosenLaunch = launch && {
    entry: launch.entry,
    loaderArgv: [...launch.loaderArgv],
    loaderEnv: { ...launch.loaderEnv },
  };
}

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
 * -r tsconfig-paths/register` (development only: specs use a precompiled entry, see
 * configureSandboxLaunch). The entry of the same kind as this file wins, the other is a fallback.
 */
export function resolveSandboxLaunch(): SandboxLaunch {
  if (chosenLaunch) return chosenLaunch;
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

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of CHILD_ENV_ALLOWLIST) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** Resident set size of a process in MB from /proc (Linux), or undefined where unavailable. */
export async function readRssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await fsp.readFile(`/proc/${pid}/status`, 'latin1');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Polls the resident memory of `pidNow()` (undefined once the watch no longer applies) every RSS_POLL_MS and calls
 * `over` with it when it exceeds `limitMb`; one read at a time. Linux only (undefined elsewhere): stop it with
 * clearInterval.
 */
export function watchRssMb(
  pidNow: () => number | undefined,
  limitMb: number,
  over: (rssMb: number) => void,
): NodeJS.Timeout | undefined {
  if (process.platform !== 'linux') return undefined;
  let polling = false;
  return setInterval(() => {
    const pid = pidNow();
    if (polling || pid === undefined) return;
    polling = true;
    void readRssMb(pid).then((rss) => {
      polling = false;
      if (rss !== undefined && rss > limitMb && pidNow() !== undefined) over(rss);
    });
  }, RSS_POLL_MS);
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

export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  return value;
}

export function nonNegativeInteger(value: number | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
  return value;
}
