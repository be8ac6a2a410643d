import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';

export class SubmitFormDto {
  @ApiPropertyOptional({
    description: 'field_id → value: a string for text-like kinds, "YYYY-MM-DD" for date, a boolean for choices',
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
  })
  @IsOptional()
  @IsObject()
  answers?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: 'field_id → PNG data URL (data:image/png;base64,...), each under 1 MB',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsObject()
  signatures?: Record<string, unknown>;
}
