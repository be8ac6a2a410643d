/** Messages over the parent/child IPC channel (serialization: 'advanced', i.e. structured clone). */
import type { SandboxErrorCode } from './sandbox-error';

export interface SandboxJobMessage {
  kind: 'run';
  /** Unique per parent process; the answer carries it back so a stale answer is never taken for another job's. */
  id: number;
  task: string;
  /** Sent as a typed array: structured clone copies it in one piece (no per-element JSON). */
  pdf: Uint8Array;
  payload: unknown;
  /** The parent's deadline; the child's own watchdog thread kills it a little after (orphan guard). */
  timeoutMs: number;
}

export type ChildMessage =
  /** Sent once, when the child has started and waits for jobs. */
  | { kind: 'ready' }
  /** `rssMb`: the child's resident memory right after the task (the parent recycles heavy children). */
  | { kind: 'result'; id: number; value: unknown; rssMb: number }
  | {
      kind: 'error';
      id: number;
      code: SandboxErrorCode;
      message: string;
      detail?: string;
      taskErrorName?: string;
    };
