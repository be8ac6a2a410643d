import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { AdminOnly, Public, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { validateSettings } from 'src/config/settings';
import type { ApiKeysService } from 'src/organizations/api-keys.service';
import { ApiAuthGuard } from './api-auth.guard';
import { FailedAuthLimiter } from './failed-auth-limiter';

class Routes {
  @RequireScopes('imports:write') importsRoute(): void {}
  @RequireScopes() anyKeyRoute(): void {}
  @Public() publicRoute(): void {}
  @AdminOnly() adminRoute(): void {}
  undecoratedRoute(): void {}
}

const caller: Caller = {
  org: { id: 'org_x', name: 'X', importsDailyQuota: 10 },
  keyId: 'key_x',
  keyName: 'k',
  scopes: ['templates:read'],
};

function contextFor(handler: keyof Routes, authorization?: string, ip = '192.0.2.1') {
  const request: Record<string, unknown> = { headers: authorization ? { authorization } : {}, ip };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppException ? error.code : 'not an AppException';
  }
}

describe('ApiAuthGuard', () => {
  const authenticate = jest.fn(async (secret: string) => {
    if (secret !== 'edfk_live_good') throw new AppException(ErrorCode.Unauthorized, 'bad key');
    return caller;
  });
  const storages: ThrottlerStorageService[] = [];
  afterAll(() => storages.forEach((storage) => storage.onApplicationShutdown()));
  const guardWith = (env: Record<string, string>) => {
    const settings = validateSettings(env);
    const storage = new ThrottlerStorageService();
    storages.push(storage);
    const limiter = new FailedAuthLimiter(storage, settings);
    return new ApiAuthGuard(new Reflector(), { authenticate } as unknown as ApiKeysService, settings, limiter);
  };
  const guard = guardWith({ ADMIN_TOKEN: 'admin-token-0123456789' });

  it('lets public routes through without a credential', async () => {
    await expect(guard.canActivate(contextFor('publicRoute').context)).resolves.toBe(true);
  });

  it('denies routes that declare no access rule', async () => {
    expect(await codeOf(guard.canActivate(contextFor('undecoratedRoute', 'Bearer edfk_live_good').context))).toBe(
      ErrorCode.Forbidden,
    );
  });

  it('answers 401 for a missing or malformed Authorization header without looking the key up', async () => {
    authenticate.mockClear();
    expect(await codeOf(guard.canActivate(contextFor('anyKeyRoute').context))).toBe(ErrorCode.Unauthorized);
    expect(await codeOf(guard.canActivate(contextFor('anyKeyRoute', 'Token abc').context))).toBe(
      ErrorCode.Unauthorized,
    );
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('answers SCOPE_REQUIRED naming the missing scope', async () => {
    try {
      await guard.canActivate(contextFor('importsRoute', 'Bearer edfk_live_good').context);
      throw new Error('should have refused');
    } catch (error) {
      expect(error).toBeInstanceOf(AppException);
      expect((error as AppException).code).toBe(ErrorCode.ScopeRequired);
      expect((error as AppException).extras).toEqual({ required_scope: 'imports:write' });
    }
  });

  it('attaches the caller when the key is valid and holds the scopes', async () => {
    const { context, request } = contextFor('anyKeyRoute', 'Bearer edfk_live_good');
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.caller).toBe(caller);
  });

  it('checks the admin token on admin routes', async () => {
    await expect(guard.canActivate(contextFor('adminRoute', 'Bearer admin-token-0123456789').context)).resolves.toBe(
      true,
    );
    expect(await codeOf(guard.canActivate(contextFor('adminRoute', 'Bearer admin-token-012345678').context))).toBe(
      ErrorCode.Unauthorized,
    );
    expect(await codeOf(guard.canActivate(contextFor('adminRoute').context))).toBe(ErrorCode.Unauthorized);
  });

  it('treats the admin API as absent when no token is configured', async () => {
    const off = guardWith({});
    expect(await codeOf(off.canActivate(contextFor('adminRoute', 'Bearer anything').context))).toBe(ErrorCode.NotFound);
  });

  it('answers 429 to every credential from an address past its failed attempts, and only to that address', async () => {
    const limited = guardWith({ ADMIN_TOKEN: 'admin-token-0123456789', AUTH_FAILURES_PER_MINUTE: '3' });
    const attempt = (route: keyof Routes, credential?: string, ip = '198.51.100.7') =>
      codeOf(limited.canActivate(contextFor(route, credential, ip).context));
    // A missing credential is not a guess.
    for (let i = 0; i < 5; i++) expect(await attempt('importsRoute')).toBe(ErrorCode.Unauthorized);
    for (let i = 0; i < 3; i++)
      expect(await attempt('importsRoute', 'Bearer edfk_live_bad')).toBe(ErrorCode.Unauthorized);
    expect(await attempt('adminRoute', 'Bearer wrong-admin-token-000')).toBe(ErrorCode.RateLimited);
    expect(await attempt('anyKeyRoute', 'Bearer edfk_live_good')).toBe(ErrorCode.RateLimited);
    expect(await attempt('anyKeyRoute', 'Bearer edfk_live_good', '198.51.100.8')).toBeUndefined();
    try {
      await limited.canActivate(contextFor('adminRoute', 'Bearer admin-token-0123456789', '198.51.100.7').context);
    } catch (error) {
      expect((error as AppException).headers['Retry-After']).toMatch(/^[1-9]\d*$/);
    }
    expect.assertions(12);
  });
});
