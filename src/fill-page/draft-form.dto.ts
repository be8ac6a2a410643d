import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';

/** Body of `PUT /f/{short_code}/draft`: what the patient has entered so far. */
export class DraftFormDto {
  @ApiPropertyOptional({
    description: 'field_id → value as in the submit body; unknown and locked fields are dropped',
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
  })
  @IsOptional()
  @IsObject()
  answers?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: 'field_id → drawn signature as a PNG data URL',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsObject()
  signatures?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'The step the patient is on (0-based)', example: 2 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  step?: number;
}
