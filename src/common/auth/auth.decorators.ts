import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { Scope } from './scopes';
import type { AuthenticatedRequest, Caller } from './caller';

export const REQUIRED_SCOPES = 'auth:required-scopes';
export const ACCESS_KIND = 'auth:access-kind';
export type AccessKind = 'public' | 'admin' | 'api-key';

/**
 * Route needs a valid API key of an enabled organization holding every listed scope.
 * With no scopes, any valid key will do (e.g. `GET /ping`).
 */
export const RequireScopes = (...scopes: Scope[]) =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPES, scopes),
    ApiBearerAuth('api-key'),
    // Machine-readable for clients and for the test that proves every scope is enforced.
    ApiExtension('x-required-scopes', scopes),
  );

/** Route needs no credential (fill page, signed file links, health, docs). */
export const Public = () => SetMetadata(ACCESS_KIND, 'public');

/** Route needs the `ADMIN_TOKEN` bearer; the admin API answers 404 when no token is configured. */
export const AdminOnly = () => SetMetadata(ACCESS_KIND, 'admin');

/** The authenticated caller (organization and key) of an API-key route. */
export const CurrentCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Caller => ctx.switchToHttp().getRequest<AuthenticatedRequest>().caller!,
);

/** The caller's organization; every query of a partner route is scoped by it. */
export const CurrentOrg = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthenticatedRequest>().caller!.org,
);
