import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto';

const DESCRIPTIONS: Record<number, string> = {
  400: 'VALIDATION_FAILED: the request is malformed; the message names the field and the rule',
  401: 'UNAUTHORIZED: missing, malformed, unknown or revoked API key',
  403: 'SCOPE_REQUIRED (with required_scope) or PARTNER_API_NOT_ENABLED',
  404: "NOT_FOUND: no such resource in the caller's organization",
  409: 'Conflict (see the route description)',
  410: 'Gone',
  413: 'PAYLOAD_TOO_LARGE: the PDF exceeds 10 MB (10485760 bytes)',
  422: 'Unprocessable (see the route description)',
  429: 'RATE_LIMITED or QUOTA_EXCEEDED: retry after retry_after seconds (Retry-After header)',
  503: 'UNAVAILABLE',
};

/** Documents the error responses a route can give, all in the one error shape. */
export function ApiErrorResponses(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponseDto }),
    ),
  );
}
