/**
 * Sandbox tasks that exist only for specs: they misbehave on purpose so specs can prove the parent
 * survives. Served by the test child entry (test-child.ts), never by the production child.
 */
import { getHeapStatistics } from 'node:v8';
import type { SandboxTaskTable } from 'src/pdf-sandbox';

export interface Echo {
  byteLength: number;
  checksum: number;
  payload: unknown;
  bytes: Uint8Array;
  /** Lets specs tell a reused (pooled) child from a fresh one. */
  pid: number;
  /** The child's V8 heap cap. */
  heapLimitMb: number;
  /** The child's TZ variable (specs change the environment with it). */
  tz: string | undefined;
}

export interface Sleep {
  pid: number;
  startedAt: number;
  finishedAt: number;
}

export interface SandboxTestTaskTypes {
  spin: { payload: undefined; result: never };
  allocate: { payload: undefined; result: never };
  'allocate-buffers': { payload: undefined; result: never };
  exit: { payload: undefined; result: never };
  throw: { payload: undefined; result: never };
  'missing-module': { payload: undefined; result: never };
  /** Waits payload.ms without blocking the child, then tells which child ran it and when. */
  sleep: { payload: { ms: number }; result: Sleep };
  echo: { payload: unknown; result: Echo };
}

export const SANDBOX_TEST_TASKS: SandboxTaskTable<SandboxTestTaskTypes> = {
  spin: {
    preflight: false,
    run: () => {
      for (;;) {
        /* never returns: blocks the child's event loop */
      }
    },
  },
  allocate: {
    preflight: false,
    run: () => {
      const hog: number[][] = [];
      for (;;) hog.push(new Array<number>(1_000_000).fill(hog.length + 0.5));
    },
  },
  'allocate-buffers': {
    preflight: false,
    run: () => {
      const hog: Buffer[] = [];
      for (;;) hog.push(Buffer.alloc(64 * 1024 * 1024, 1));
    },
  },
  exit: { preflight: false, run: () => process.exit(3) },
  throw: {
    preflight: false,
    run: () => {
      class TaskInputError extends Error {
        override name = 'TaskInputError';
      }
      throw new TaskInputError('secret-token-123 should never reach the partner message');
    },
  },
  'missing-module': {
    preflight: false,
    run: async () => {
      // A variable specifier: the module really is missing, as a broken deployment would be.
      const specifier = './no-such-module';
      await import(specifier);
      throw new Error('unreachable');
    },
  },
  sleep: {
    preflight: false,
    run: async ({ payload }) => {
      const startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, payload.ms));
      return { pid: process.pid, startedAt, finishedAt: Date.now() };
    },
  },
  echo: {
    preflight: false,
    run: ({ pdf, payload }) => {
      let checksum = 0;
      for (let i = 0; i < pdf.byteLength; i++) checksum = (checksum + pdf[i]) % 1_000_000_007;
      const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
      const tz = process.env.TZ;
      return {
        byteLength: pdf.byteLength,
        checksum,
        payload,
        bytes: pdf.subarray(0, 16),
        pid: process.pid,
        heapLimitMb,
        tz,
      };
    },
  },
};
