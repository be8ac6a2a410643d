import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { Public } from 'src/common/auth/auth.decorators';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { LifecycleService } from 'src/lifecycle/lifecycle.service';
import { QueueConsumptionHealthIndicator } from './queue-consumption.health';
import { RedisHealthIndicator } from './redis.health';
import { WorkersHealthIndicator } from './workers.health';

const RETRY_AFTER_S = '5';

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly consumption: QueueConsumptionHealthIndicator,
    private readonly workers: WorkersHealthIndicator,
    private readonly lifecycle: LifecycleService,
    private readonly indicator: HealthIndicatorService,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({
    summary:
      'Readiness: 200 when PostgreSQL and Redis answer, a worker heartbeat is fresh while jobs wait, the workers ' +
      'consume deliveries and the process is not shutting down; else 503 naming what is missing in `unavailable`',
  })
  check(): Promise<HealthCheckResult> {
    return this.readiness();
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'The same readiness check as GET /health, under the name load balancers expect' })
  ready(): Promise<HealthCheckResult> {
    return this.readiness();
  }

  @Get('live')
  @Public()
  @ApiOperation({
    summary: 'Liveness: 200 while the process serves HTTP, whatever its dependencies (never restart for an outage)',
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Runs every check; a 503 keeps decisions.md's error body and adds what is missing and each check's details. */
  private async readiness(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => {
          const session = this.indicator.check('lifecycle');
          return this.lifecycle.draining ? session.down({ message: 'shutting down: draining' }) : session.up();
        },
        () => this.database.pingCheck('postgres', { timeout: 1_000 }),
        () => this.redis.check('redis'),
        () => this.workers.check('workers'),
        () => this.consumption.check('delivery_consumption'),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const missing = Object.keys(result.error ?? {});
      throw new AppException(
        ErrorCode.Unavailable,
        `not ready: ${missing.join(', ')}`,
        { status: 'error', unavailable: missing, details: result.details },
        { 'Retry-After': RETRY_AFTER_S },
      );
    }
  }
}
