import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorCode } from 'src/common/errors/error-codes';

/** The one error body of the service. Extra keys appear per code (see each description). */
export class ErrorResponseDto {
  @ApiProperty({ description: 'What happened and what to fix', example: 'filename: filename must be a string' })
  error!: string;

  @ApiProperty({ enum: ErrorCode, description: 'Machine-readable code', example: ErrorCode.ValidationFailed })
  code!: ErrorCode;

  @ApiPropertyOptional({ description: '403 SCOPE_REQUIRED only: the scope the route needs', example: 'imports:write' })
  required_scope?: string;

  @ApiPropertyOptional({ description: '429 only: seconds to wait (also in the Retry-After header)', example: 30 })
  retry_after?: number;
}
