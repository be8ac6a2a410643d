import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { FormAnswersDto } from './submit-form.dto';

/**
 * Body of `PUT /f/{short_code}/draft`: what the patient has entered so far (unknown and locked fields are
 * dropped when saved) and the step they are on.
 */
export class DraftFormDto extends FormAnswersDto {
  @ApiPropertyOptional({ description: 'The step the patient is on (0-based)', example: 2 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  step?: number;
}
