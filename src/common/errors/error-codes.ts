/** Machine-readable error codes of decisions.md, each with its one HTTP status. */
export enum ErrorCode {
  Unauthorized = 'UNAUTHORIZED',
  ScopeRequired = 'SCOPE_REQUIRED',
  PartnerApiNotEnabled = 'PARTNER_API_NOT_ENABLED',
  Forbidden = 'FORBIDDEN',
  ValidationFailed = 'VALIDATION_FAILED',
  NotFound = 'NOT_FOUND',
  Gone = 'GONE',
  Conflict = 'CONFLICT',
  IdempotencyInFlight = 'IDEMPOTENCY_IN_FLIGHT',
  IdempotencyMismatch = 'IDEMPOTENCY_KEY_REUSED',
  PdfPending = 'PDF_PENDING',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  InvalidValues = 'INVALID_VALUES',
  RateLimited = 'RATE_LIMITED',
  QuotaExceeded = 'QUOTA_EXCEEDED',
  Internal = 'INTERNAL',
  Unavailable = 'UNAVAILABLE',
  VersionConflict = 'VERSION_CONFLICT',
  TemplateRetired = 'TEMPLATE_RETIRED',
  EditorSessionInvalid = 'EDITOR_SESSION_INVALID',
  EditorSessionExpired = 'EDITOR_SESSION_EXPIRED',
}

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.ValidationFailed:
      return 400;
    case ErrorCode.Unauthorized:
      return 401;
    case ErrorCode.ScopeRequired:
    case ErrorCode.PartnerApiNotEnabled:
    case ErrorCode.Forbidden:
    case ErrorCode.EditorSessionInvalid:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
    case ErrorCode.IdempotencyInFlight:
    case ErrorCode.PdfPending:
    case ErrorCode.VersionConflict:
      return 409;
    case ErrorCode.Gone:
    case ErrorCode.TemplateRetired:
    case ErrorCode.EditorSessionExpired:
      return 410;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.UnsupportedMediaType:
      return 415;
    case ErrorCode.InvalidValues:
    case ErrorCode.IdempotencyMismatch:
      return 422;
    case ErrorCode.RateLimited:
    case ErrorCode.QuotaExceeded:
      return 429;
    case ErrorCode.Internal:
      return 500;
    case ErrorCode.Unavailable:
      return 503;
  }
}
