import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_KIND, AccessKind, REQUIRED_SCOPES } from 'src/common/auth/auth.decorators';
import type { AuthenticatedRequest } from 'src/common/auth/caller';
import type { Scope } from 'src/common/auth/scopes';
import { constantTimeEquals } from 'src/common/crypto/constant-time';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { Settings } from 'src/config/settings';
import { ApiKeysService } from 'src/organizations/api-keys.service';
import { FailedAuthLimiter } from './failed-auth-limiter';

function bearerOf(request: AuthenticatedRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * The one global guard. Routes are denied by default: each declares `@RequireScopes(...)`, `@Public()`
 * or `@AdminOnly()`. API-key routes get 401 for a missing/unknown/revoked key, 403 PARTNER_API_NOT_ENABLED,
 * then 403 SCOPE_REQUIRED naming the first missing scope.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly settings: Settings,
    private readonly failures: FailedAuthLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<AccessKind | undefined>(ACCESS_KIND, targets);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (access === 'public') return true;
    const address = (): string => request.ip ?? 'unknown';
    this.failures.assertAllowed(address);
    try {
      return await this.authenticate(context, access, request);
    } catch (error) {
      // A credential was sent and was wrong: one guess more from this address.
      if (error instanceof AppException && error.code === ErrorCode.Unauthorized && bearerOf(request)) {
        await this.failures.recordFailure(address());
      }
      throw error;
    }
  }

  private async authenticate(
    context: ExecutionContext,
    access: AccessKind | undefined,
    request: AuthenticatedRequest,
  ): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (access === 'admin') return this.checkAdmin(request);

    const scopes = this.reflector.getAllAndOverride<Scope[] | undefined>(REQUIRED_SCOPES, targets);
    if (!scopes) throw new AppException(ErrorCode.Forbidden, 'this route is not open to API keys');
    const secret = bearerOf(request);
    if (!secret) {
      throw new AppException(ErrorCode.Unauthorized, 'missing API key: send "Authorization: Bearer edfk_live_..."');
    }
    const caller = await this.apiKeys.authenticate(secret);
    const missing = scopes.find((scope) => !caller.scopes.includes(scope));
    if (missing) {
      throw new AppException(
        ErrorCode.ScopeRequired,
        `this API key lacks the scope ${missing} that this route requires`,
        { required_scope: missing },
      );
    }
    request.caller = caller;
    return true;
  }

  private checkAdmin(request: AuthenticatedRequest): boolean {
    const token = this.settings.ADMIN_TOKEN;
    // With no token configured the admin API does not exist.
    if (!token) throw new AppException(ErrorCode.NotFound, 'the admin API is disabled: set ADMIN_TOKEN to enable it');
    const given = bearerOf(request);
    if (!given || !constantTimeEquals(given, token)) {
      throw new AppException(
        ErrorCode.Unauthorized,
        'missing or wrong admin token: send "Authorization: Bearer <ADMIN_TOKEN>"',
      );
    }
    return true;
  }
}
