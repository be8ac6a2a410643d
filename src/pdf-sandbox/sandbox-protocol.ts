/** Messages over the parent/child IPC channel (serialization: 'advanced', i.e. structured clone). */
import type { SandboxErrorCode } from './sandbox-error';

export interface SandboxJobMessage {
  kind: 'run';
  task: string;
  /** Sent as a typed array: structured clone copies it in one piece (no per-element JSON). */
  pdf: Uint8Array;
  payload: unknown;
  /** The parent's deadline; the child's own watchdog thread kills it a little after (orphan guard). */
  timeoutMs: number;
}

export type ChildMessage =
  | { kind: 'ready' }
  | { kind: 'result'; value: unknown }
  | { kind: 'error'; code: SandboxErrorCode; message: string; detail?: string; taskErrorName?: string };
