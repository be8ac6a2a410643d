/** The pool's books: a call's job, a child process and a waiting call (run-in-sandbox.ts). */
import type { ChildProcess } from 'node:child_process';
import type { SandboxJobMessage } from './sandbox-protocol';

export type Outcome = { value: unknown; rssMb?: number } | { error: Error };

export interface Job {
  message: SandboxJobMessage;
  maxRssMb: number;
  tenant: string | undefined;
  sent: boolean;
  timer?: NodeJS.Timeout;
  watchdog?: NodeJS.Timeout;
  /** Answers the caller (called once). */
  done(outcome: Outcome): void;
}

/** How a child is started; children with different specs (heap limit, environment) are never swapped. */
export interface ChildSpec {
  key: string;
  entry: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
}

export interface SandboxChild {
  proc: ChildProcess;
  key: string;
  /** Counted in the pool (false: one-shot child of pool size 0). */
  pooled: boolean;
  ready: boolean;
  tasks: number;
  stderrTail: string;
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /** Discarded: killed or about to be, never given another job. */
  retired: boolean;
  closed: Promise<void>;
  markClosed(): void;
  /** The child's own TMPDIR (removed when it is gone). */
  tempDir: string | undefined;
}

export interface Waiter {
  spec: ChildSpec;
  job: Job;
}
