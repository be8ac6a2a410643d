import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Scope } from './scopes';
import type { AuthenticatedRequest, Caller } from './caller';

export const REQUIRED_SCOPES = 'auth:required-scopes';
export const ACCESS_KIND = 'auth:access-kind';
export type AccessKind = 'public' | 'admin' | 'api-key';

/**
 * Route needs a valid API key of an enabled organization holding every listed scope.
 * With no scopes, any valid key will do (e.g. `GET /ping`).
 */
export const RequireScopes = (...scopes: Scope[]) => SetMetadata(REQUIRED_SCOPES, scopes);

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
