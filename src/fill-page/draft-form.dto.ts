import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
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

  @ApiPropertyOptional({
    description:
      "The id of the draft the page loaded (the X-Draft-Id of its last save, or the page's data-draft-id), or " +
      '"none". A save that would overwrite a draft the page did not load is refused with 409.',
    example: 'none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  draft_id?: string;
}
