/**
 * The production tasks a sandbox child can run: one typed table from task name to its payload, its
 * result and the function that runs it. The parent imports types only from this file (never values),
 * so the heavy parsers stay out of the worker; inside the child each task imports its module lazily.
 *
 * Adding a task: add its types to SandboxTaskTypes and its entry to SANDBOX_TASKS (the compiler
 * checks that the two agree). Tasks that exist only for specs live in test code
 * (test/utils/sandbox/test-tasks.ts) and are registered by a test-only child entry.
 */
import type { DetectionResult, DetectOptions } from '../detection';
import type { RenderInput } from '../rendering';
import type { PdfInspection } from './preflight';
import { SandboxError, shortDetail } from './sandbox-error';

export interface SandboxTaskContext<P> {
  pdf: Uint8Array;
  /** What the caller passed as `payload` (after structured clone). */
  payload: P;
  /** Result of the preflight when the task asked for one, else null. */
  preflight: PdfInspection | null;
}

export interface SandboxTaskDefinition<P = unknown, R = unknown> {
  /** Run the header/encryption/page-tree checks first (and refuse bad files before the task runs). */
  preflight: boolean;
  /** The value returned must survive structured clone (plain data, Uint8Array, Map, Date...). */
  run(ctx: SandboxTaskContext<P>): R | Promise<R>;
}

/** Payload and result of each task, by name. */
export interface SandboxTaskTypes {
  inspect: { payload: undefined; result: PdfInspection };
  'parse-content': { payload: undefined; result: { pageCount: number; textRuns: number } };
  detect: { payload: DetectOptions | undefined; result: DetectionResult };
  /** Detection and the page count from walking the page tree (the preflight's), in one child: what an import needs. */
  'detect-import': { payload: DetectOptions | undefined; result: { detection: DetectionResult; pageCount: number } };
  render: { payload: Omit<RenderInput, 'pdf'>; result: Uint8Array };
}

export type SandboxTaskName = keyof SandboxTaskTypes;

/** A table of task definitions that agrees with a map of task types. */
export type SandboxTaskTable<T extends { [K in keyof T]: { payload: unknown; result: unknown } }> = {
  [K in keyof T]: SandboxTaskDefinition<T[K]['payload'], T[K]['result']>;
};

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

export const SANDBOX_TASKS: SandboxTaskTable<SandboxTaskTypes> = {
  inspect: { preflight: true, run: ({ preflight }) => preflight as PdfInspection },
  'parse-content': { preflight: true, run: ({ pdf }) => parseContent(pdf) },
  detect: {
    preflight: true,
    run: async ({ pdf, payload }) => (await import('../detection')).detectFields(pdf, payload ?? {}),
  },
  'detect-import': {
    preflight: true,
    run: async ({ pdf, payload, preflight }) => ({
      detection: await (await import('../detection')).detectFields(pdf, payload ?? {}),
      pageCount: (preflight as PdfInspection).pageCount,
    }),
  },
  // The template's PDF passed the preflight when it was imported; a second pdf-lib parse per render buys nothing.
  render: {
    preflight: false,
    run: async ({ pdf, payload }) => (await import('../rendering')).renderCompletedPdf({ ...payload, pdf }),
  },
};
