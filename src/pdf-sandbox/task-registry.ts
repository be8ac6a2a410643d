/**
 * The tasks a sandbox child can run, by name. Loaded only inside the child process
 * (the parent imports types from this file, never values), so heavy parsers stay out of the worker.
 *
 * Adding a task: add its name to SandboxTaskName and an entry to TASKS. A task module that does not
 * exist yet, or fails to load, only fails that task (loaded lazily inside `run`).
 */
import { getHeapStatistics } from 'node:v8';
import type { PdfInspection } from './preflight';
import { SandboxError, shortDetail } from './sandbox-error';

/** Production tasks. */
export type SandboxTaskName = 'inspect' | 'parse-content' | 'detect' | 'render';
/** Only available when the child runs with SANDBOX_TEST_TASKS=1 (specs). */
export type SandboxTestTaskName =
  | 'spin'
  | 'allocate'
  | 'allocate-buffers'
  | 'exit'
  | 'throw'
  | 'echo'
  | 'sleep'
  | 'missing-module';

export interface SandboxTaskContext {
  pdf: Uint8Array;
  payload: unknown;
  /** Result of the preflight when the task asked for one, else null. */
  preflight: PdfInspection | null;
}

export interface SandboxTaskDefinition {
  /** Run the header/encryption/page-tree checks first (and refuse bad files before the task runs). */
  preflight: boolean;
  /** The value returned must survive structured clone (plain data, Uint8Array, Map, Date...). */
  run(ctx: SandboxTaskContext): unknown;
}

/**
 * Loads a sibling module lazily. The specifier is a variable on purpose: the registry compiles
 * and the other tasks work while a module is missing or its signature is still changing.
 */
async function loadModule(specifier: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw SandboxError.processing(`task module ${specifier} could not be loaded: ${shortDetail(error)}`);
  }
}

async function callExport(specifier: string, exportName: string, ...args: unknown[]): Promise<unknown> {
  const mod = await loadModule(specifier);
  const fn = mod[exportName];
  if (typeof fn !== 'function') throw SandboxError.processing(`${specifier} does not export ${exportName}()`);
  return (fn as (...a: unknown[]) => unknown)(...args);
}

/** Decodes every page's content with pdf2json (the heavy path a decompression bomb targets). */
async function parseContent(pdf: Uint8Array): Promise<{ pageCount: number; textRuns: number }> {
  const { default: PDFParser } = await import('pdf2json');
  const parser = new PDFParser(null, false);
  // pdf2json re-reads `buffer.buffer` from offset 0 when the view does not span it: give it its own
  // unpooled copy (Buffer.alloc never uses the shared pool).
  const buffer = Buffer.alloc(pdf.byteLength);
  buffer.set(pdf);
  return new Promise((resolve, reject) => {
    parser.on('pdfParser_dataError', (error) => {
      const cause = error instanceof Error ? error : error.parserError;
      reject(SandboxError.invalid('the page content could not be read', shortDetail(cause)));
    });
    parser.on('pdfParser_dataReady', (data) => {
      const textRuns = data.Pages.reduce((sum, page) => sum + page.Texts.length, 0);
      resolve({ pageCount: data.Pages.length, textRuns });
    });
    parser.parseBuffer(buffer, 0);
  });
}

const TASKS: Record<SandboxTaskName, SandboxTaskDefinition> = {
  inspect: { preflight: true, run: ({ preflight }) => preflight },
  'parse-content': { preflight: true, run: ({ pdf }) => parseContent(pdf) },
  // detectFields(pdf, options?: DetectOptions): the payload is the options.
  detect: {
    preflight: true,
    run: ({ pdf, payload }) => callExport('../detection', 'detectFields', pdf, payload ?? {}),
  },
  render: {
    preflight: true,
    // renderCompletedPdf(input: RenderInput): the payload is RenderInput without `pdf`.
    run: ({ pdf, payload }) => callExport('../rendering', 'renderCompletedPdf', { ...(payload as object), pdf }),
  },
};

/** Test-only tasks: misbehave on purpose so specs can prove the parent survives. */
const TEST_TASKS: Record<SandboxTestTaskName, SandboxTaskDefinition> = {
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
  exit: {
    preflight: false,
    run: () => process.exit(3),
  },
  throw: {
    preflight: false,
    run: () => {
      class TaskInputError extends Error {
        override name = 'TaskInputError';
      }
      throw new TaskInputError('secret-token-123 should never reach the partner message');
    },
  },
  'missing-module': { preflight: false, run: () => callExport('./no-such-module', 'run') },
  // Waits payload.ms without blocking the child, then tells which child ran it and when.
  sleep: {
    preflight: false,
    run: async ({ payload }) => {
      const startedAt = Date.now();
      const ms = Number((payload as { ms?: number } | undefined)?.ms ?? 0);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { pid: process.pid, startedAt, finishedAt: Date.now() };
    },
  },
  echo: {
    preflight: false,
    run: ({ pdf, payload }) => {
      let checksum = 0;
      for (let i = 0; i < pdf.byteLength; i++) checksum = (checksum + pdf[i]) % 1_000_000_007;
      // pid: lets specs tell a reused (pooled) child from a fresh one; heapLimitMb: the child's V8 cap.
      const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
      return {
        byteLength: pdf.byteLength,
        checksum,
        payload,
        bytes: pdf.subarray(0, 16),
        pid: process.pid,
        heapLimitMb,
      };
    },
  },
};

/** The task of that name, or undefined (test tasks only with SANDBOX_TEST_TASKS=1). */
export function getSandboxTask(name: string): SandboxTaskDefinition | undefined {
  if (Object.prototype.hasOwnProperty.call(TASKS, name)) return TASKS[name as SandboxTaskName];
  if (process.env.SANDBOX_TEST_TASKS === '1' && Object.prototype.hasOwnProperty.call(TEST_TASKS, name)) {
    return TEST_TASKS[name as SandboxTestTaskName];
  }
  return undefined;
}
