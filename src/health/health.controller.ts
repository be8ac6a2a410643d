import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from 'src/common/auth/auth.decorators';
import { QueueConsumptionHealthIndicator } from './queue-consumption.health';
import { RedisHealthIndicator } from './redis.health';

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly consumption: QueueConsumptionHealthIndicator,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({
    summary:
      'Liveness and readiness: 200 when PostgreSQL and Redis answer and the workers consume the delivery queue, else 503',
  })
  check(): Promise<HealthCheckResult> {
    return this.health.check([
      () => this.database.pingCheck('postgres', { timeout: 1_000 }),
      () => this.redis.check('redis'),
      () => this.consumption.check('delivery_consumption'),
    ]);
  }
}
