import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ATTEMPT_OUTCOMES } from '../entities/webhook-delivery-attempt.entity';
import { DELIVERY_STATUSES } from '../entities/webhook-delivery.entity';

export class ListDeliveriesQueryDto {
  @ApiPropertyOptional({ description: '1 to 100, default 25', example: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page', example: 'WyIyMDI2LTExLTIy...' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export class DeliveryAttemptDto {
  @ApiProperty({ description: '1-based; keeps counting across redeliveries', example: 1 }) attempt!: number;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) attempted_at!: string;
  @ApiProperty({ type: Number, nullable: true, example: 503 }) status_code!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Transport error, when no response', example: null })
  error!: string | null;
  @ApiProperty({ example: 84 }) duration_ms!: number;
  @ApiProperty({ enum: ATTEMPT_OUTCOMES, example: 'retry' }) outcome!: string;
}

export class DeliveryResponseDto {
  @ApiProperty({ description: 'The X-Service-Delivery-Id header', example: 'dlv_7hQ2mT9kX4pL8vR3wY6zB1' })
  delivery_id!: string;
  @ApiProperty({ example: 'wh_3kT9mQ2xL7pR4vW8yZ1bN5' }) webhook_id!: string;
  @ApiProperty({ example: 'evt_2nK8qT4mX9pL3vR7wY1zB6' }) event_id!: string;
  @ApiProperty({ example: 'submission.created' }) event!: string;
  @ApiProperty({ enum: DELIVERY_STATUSES, example: 'delivered' }) status!: string;
  @ApiProperty({ description: 'Attempts made so far', example: 2 }) attempts!: number;
  @ApiProperty({ example: 10 }) max_attempts!: number;
  @ApiProperty({ type: String, nullable: true, example: null }) next_attempt_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T10:01:00.000Z' }) last_attempt_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) last_status_code!: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) last_error!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T10:01:00.000Z' }) delivered_at!: string | null;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
  @ApiProperty({ type: [DeliveryAttemptDto], description: 'Every attempt, oldest first' })
  attempt_history!: DeliveryAttemptDto[];
}

export class DeliveryListResponseDto {
  @ApiProperty({ type: [DeliveryResponseDto], description: 'Newest first' }) deliveries!: DeliveryResponseDto[];
  @ApiPropertyOptional({ description: 'Present while more deliveries remain' }) next_cursor?: string;
}
