import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { LOCALES, type Locale } from './i18n/locales';

/** What the patient has entered: the body of a submit, and of a draft save. */
export class FormAnswersDto {
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

export class SubmitFormDto extends FormAnswersDto {
  @ApiPropertyOptional({ enum: LOCALES, description: 'The language the page was shown in', example: 'es' })
  @IsOptional()
  @IsIn(LOCALES, { message: `locale must be one of: ${LOCALES.join(', ')}` })
  locale?: Locale;
}
