import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import type { AuthenticatedRequest } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { IdempotencyService, requestHash } from './idempotency.service';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on partner POST routes: the first successful response (status and body) is stored per
 * API key for 24 hours and replayed for a repeat; errors are not stored, so a retry after one runs afresh.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const response = http.getResponse<Response>();
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.caller) return next.handle();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw AppException.validation('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const apiKeyId = request.caller.keyId;
    const claim = await this.idempotency.claim(apiKeyId, key, requestHash(request.method, request.path, request.body));
    if (claim.kind === 'replay') {
      response.status(claim.status);
      response.setHeader('Idempotent-Replayed', 'true');
      return of(claim.body);
    }
    return next.handle().pipe(
      mergeMap((body: unknown) =>
        from(this.idempotency.complete(apiKeyId, key, response.statusCode, body).then(() => body)),
      ),
      catchError((error: unknown) =>
        from(this.idempotency.release(apiKeyId, key)).pipe(mergeMap(() => throwError(() => error))),
      ),
    );
  }
}
