/**
 * How a sandbox child process is started, what it leaves behind, and how it is cleaned up. Each child leads its own process group (it is
 * started detached), so the tools it runs (pdftoppm, tesseract) are in that group and die with it: killing the
 * group, never only the child, leaves no renderer re-parented to init. Each child gets its own temporary folder
 * (its TMPDIR), named after the parent's pid, removed when the child is gone; folders of dead parents are swept
 * when a process starts using the sandbox. Plain TypeScript, no Nest.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ChildSpec } from './sandbox-pool-types';

/** Prefix of a child's temporary folder: `edform-sandbox-<parent pid>-XXXXXX`. */
export const CHILD_TEMP_PREFIX = 'edform-sandbox-';
/** Temporary folders OCR made directly in the system's folder before children had their own. */
const LEGACY_OCR_PREFIX = 'edform-ocr-';
/** A legacy OCR folder older than this belongs to no running detection (its document budget is 40 s). */
const LEGACY_MAX_AGE_MS = 10 * 60_000;

/** Starts a child as `spec` says, in its own process group, with `tempDir` as its TMPDIR, at priority `nice`. */
export function forkSandboxChild(spec: ChildSpec, tempDir: string | undefined, nice: number): ChildProcess {
  const proc = fork(spec.entry, [], {
    execArgv: spec.execArgv,
    env: tempDir ? { ...spec.env, TMPDIR: tempDir } : spec.env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    // Its own process group: the OCR tools it starts are killed with it.
    detached: true,
  });
  if (proc.pid !== undefined && nice > 0) {
    try {
      // Never raised above the parent's own priority.
      setPriority(proc.pid, Math.max(getPriority(), nice));
    } catch {
      // Not allowed here (a container without the capability): the child runs at the parent's priority.
    }
  }
  return proc;
}

/** Whether the child (its process, IPC channel and stderr pipe) keeps this process alive. */
export function setProcessRef(proc: ChildProcess, on: boolean): void {
  const stderr = proc.stderr as { ref?: () => void; unref?: () => void } | null;
  if (on) {
    proc.ref();
    proc.channel?.ref();
    stderr?.ref?.();
  } else {
    proc.unref();
    proc.channel?.unref();
    stderr?.unref?.();
  }
}

/** SIGKILLs the child's whole process group (the child and every tool it started); the child alone as a fallback. */
export function killProcessGroup(pid: number | undefined, fallback: () => void): void {
  if (pid !== undefined) {
    try {
      process.kill(-pid, 'SIGKILL');
      return;
    } catch {
      // ESRCH: the group is gone already (or the child was not a group leader): the fallback covers the latter.
    }
  }
  fallback();
}

/** A fresh private temporary folder for one child (its TMPDIR), or undefined when none can be made. */
export function makeChildTempDir(): string | undefined {
  try {
    return mkdtempSync(path.join(tmpdir(), `${CHILD_TEMP_PREFIX}${process.pid}-`));
  } catch {
    return undefined;
  }
}

export function removeTempDir(dir: string | undefined): void {
  if (!dir) return;
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Left for the next start-up's sweep.
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temporary folders left by sandbox children of processes that are gone (a worker killed with -9, a
 * machine restarted without clearing its temporary folder), and old OCR folders of earlier versions. Folders of
 * live processes (another worker on this machine) are kept. Returns how many were removed.
 */
export function sweepSandboxTempDirs(dir = tmpdir(), now = Date.now()): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    let stale = false;
    if (name.startsWith(CHILD_TEMP_PREFIX)) {
      const owner = Number(name.slice(CHILD_TEMP_PREFIX.length).split('-')[0]);
      stale = Number.isInteger(owner) && owner > 0 && owner !== process.pid && !processAlive(owner);
    } else if (name.startsWith(LEGACY_OCR_PREFIX)) {
      try {
        stale = now - statSync(full).mtimeMs > LEGACY_MAX_AGE_MS;
      } catch {
        stale = false;
      }
    }
    if (stale) {
      removeTempDir(full);
      removed++;
    }
  }
  return removed;
}
