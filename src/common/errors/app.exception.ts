import { ErrorCode } from './error-codes';

/** Extra keys merged into the error body (e.g. `required_scope`, `invalid_values`, `retry_after`). */
export type ErrorExtras = Record<string, unknown>;

/**
 * The one exception services throw. The filter turns it into
 * `{"error": message, "code": code, ...extras}` with the code's status.
 */
export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
    /** Response headers such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static notFound(what: string): AppException {
    return new AppException(ErrorCode.NotFound, `${what} not found`);
  }

  static validation(message: string): AppException {
    return new AppException(ErrorCode.ValidationFailed, message);
  }
}
