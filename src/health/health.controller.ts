import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorFunction,
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
  @ApiOperation({
    summary:
      'Readiness of this process: 200 while it can serve (not shutting down, PostgreSQL answers, its own workers ' +
      'consume); Redis and the worker processes are shared by every replica, so they are reported in `degraded` ' +
      'and `details` without a 503 (a load balancer must not take every replica out for them; GET /health says 503)',
  })
  ready(): Promise<HealthCheckResult & { degraded: string[] }> {
    return this.processReadiness();
  }

  @Get('live')
  @Public()
  @ApiOperation({
    summary: 'Liveness: 200 while the process serves HTTP, whatever its dependencies (never restart for an outage)',
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** This process's own checks: what decides whether a load balancer sends it requests. */
  private processChecks(): HealthIndicatorFunction[] {
    return [
      () => {
        const session = this.indicator.check('lifecycle');
        return this.lifecycle.draining ? session.down({ message: 'shutting down: draining' }) : session.up();
      },
      () => this.database.pingCheck('postgres', { timeout: 1_000 }),
      () => this.consumption.check('delivery_consumption'),
    ];
  }

  /** What every replica shares: reported by both routes, a 503 only on GET /health. */
  private sharedChecks(): HealthIndicatorFunction[] {
    return [() => this.redis.check('redis'), () => this.workers.check('workers')];
  }

  private async processReadiness(): Promise<HealthCheckResult & { degraded: string[] }> {
    const [own, shared] = await Promise.all([
      this.run(this.processChecks()),
      Promise.all(this.sharedChecks().map(async (check) => await check())),
    ]);
    const details = Object.assign({}, own.details, ...shared) as HealthCheckResult['details'];
    const degraded = Object.keys(details).filter((key) => details[key]?.status === 'down');
    return { ...own, details, degraded };
  }

  private async readiness(): Promise<HealthCheckResult> {
    return this.run([...this.processChecks(), ...this.sharedChecks()]);
  }

  /** Runs the checks; a 503 keeps decisions.md's error body and adds what is missing and each check's details. */
  private async run(checks: HealthIndicatorFunction[]): Promise<HealthCheckResult> {
    try {
      return await this.health.check(checks);
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
