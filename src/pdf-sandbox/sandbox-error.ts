/**
 * Errors of the PDF sandbox. Plain TypeScript (no Nest), shared by the parent (run-in-sandbox.ts)
 * and the child (sandbox-child.ts). Messages are sentences about the file, safe to show a partner:
 * never a stack trace, never file content.
 */
export const SANDBOX_ERROR_CODES = [
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'PDF_NO_PAGES',
  'PDF_TOO_MANY_PAGES',
  'PROCESSING_TIMEOUT',
  'PROCESSING_OUT_OF_MEMORY',
  'PROCESSING_ERROR',
] as const;
export type SandboxErrorCode = (typeof SANDBOX_ERROR_CODES)[number];

/** The page limit enforced by the preflight. */
export const MAX_PDF_PAGES = 100;

export class SandboxError extends Error {
  override readonly name = 'SandboxError';

  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    /**
     * Operator-facing detail for logs (e.g. the child's exit signal or a parser's own error text,
     * truncated). Not for partners: it may quote parser internals.
     */
    readonly detail?: string,
    /**
     * For PROCESSING_ERROR raised by a task's own code: the error's class name (e.g.
     * "RenderInputError"), so callers can tell bad task input from a broken file; `detail` then holds
     * its message.
     */
    readonly taskErrorName?: string,
  ) {
    super(message);
  }

  static invalid(reason: string, detail?: string): SandboxError {
    return new SandboxError('PDF_INVALID', `The file is not a usable PDF: ${reason}.`, detail);
  }

  static encrypted(): SandboxError {
    return new SandboxError(
      'PDF_ENCRYPTED',
      'The PDF is password-protected or encrypted; upload a copy without a password or restrictions.',
    );
  }

  static noPages(): SandboxError {
    return new SandboxError('PDF_NO_PAGES', 'The PDF has no pages.');
  }

  static tooManyPages(max = MAX_PDF_PAGES): SandboxError {
    return new SandboxError('PDF_TOO_MANY_PAGES', `The PDF has more than ${max} pages; at most ${max} are accepted.`);
  }

  static timeout(timeoutMs: number, detail?: string): SandboxError {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return new SandboxError(
      'PROCESSING_TIMEOUT',
      `Processing the PDF took longer than ${seconds} s and was stopped; the file may be damaged or built to be too complex.`,
      detail,
    );
  }

  static outOfMemory(detail?: string): SandboxError {
    return new SandboxError(
      'PROCESSING_OUT_OF_MEMORY',
      'Processing the PDF needed more memory than allowed and was stopped; the file may contain oversized or malformed compressed content.',
      detail,
    );
  }

  static processing(detail?: string): SandboxError {
    return new SandboxError('PROCESSING_ERROR', 'The PDF could not be processed.', detail);
  }
}

export function isSandboxErrorCode(value: unknown): value is SandboxErrorCode {
  return typeof value === 'string' && (SANDBOX_ERROR_CODES as readonly string[]).includes(value);
}

/** Truncates a diagnostic string for logs (one line, bounded length). */
export function shortDetail(value: unknown, max = 300): string {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
