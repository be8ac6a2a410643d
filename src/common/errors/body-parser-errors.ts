import type { NextFunction, Request, Response } from 'express';
import { AppException } from './app.exception';
import { ErrorCode } from './error-codes';

interface BodyParserError {
  type?: string;
  limit?: number;
}

/**
 * Express error middleware placed right after the body parsers: turns their errors into AppExceptions
 * with messages that say what to fix (Nest would otherwise pass the raw parser message through).
 */
export function translateBodyParserErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(fromBodyParser(error as BodyParserError) ?? error);
}

function fromBodyParser(error: BodyParserError): AppException | undefined {
  switch (error?.type) {
    case 'entity.too.large':
      return new AppException(
        ErrorCode.PayloadTooLarge,
        `request body exceeds the limit of ${error.limit ?? '?'} bytes for this route (a PDF may be at most 10 MB, 10485760 bytes)`,
      );
    case 'entity.parse.failed':
      return new AppException(ErrorCode.ValidationFailed, 'request body is not valid JSON: check its syntax');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppException(ErrorCode.UnsupportedMediaType, 'request body must be UTF-8 JSON');
    case 'request.aborted':
    case 'request.size.invalid':
      return new AppException(ErrorCode.ValidationFailed, 'request body was not received completely');
    default:
      return undefined;
  }
}
