import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { OrganizationsModule } from 'src/organizations/organizations.module';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiThrottlerGuard } from './api-throttler.guard';
import { FailedAuthLimiter } from './failed-auth-limiter';
import { PingController } from './ping.controller';

/** Global guards run in this order: authentication and scopes first, then the rate limit per key. */
@Module({
  imports: [OrganizationsModule],
  controllers: [PingController],
  providers: [
    FailedAuthLimiter,
    { provide: APP_GUARD, useClass: ApiAuthGuard },
    { provide: APP_GUARD, useClass: ApiThrottlerGuard },
  ],
})
export class AuthModule {}
