import { LOCALES, type Locale } from 'src/fill-page/i18n/locales';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class PrefillValueDto {
  @ApiProperty({
    description: "A prefillable field of the template's current field map",
    example: 'fld_8sK2mP4qR7tV1wX3yZ5aB6',
  })
  @IsString()
  @MaxLength(64)
  field_id!: string;

  @ApiProperty({
    description: 'Typed by the field kind: a string for text-like kinds, "YYYY-MM-DD" for date, a boolean for choices',
    oneOf: [{ type: 'string' }, { type: 'boolean' }],
    example: 'Rivera',
  })
  @IsDefined()
  value!: unknown;

  @ApiPropertyOptional({
    description: 'true: shown read-only and re-asserted at submit',
    example: false,
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  locked?: boolean;
}

export class CreateFillLinkDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' })
  @IsString()
  @MaxLength(64)
  template_id!: string;

  @ApiPropertyOptional({
    description: 'Days until the link stops accepting responses; 0 or omitted: never',
    example: 7,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  expires_in_days?: number;

  @ApiPropertyOptional({ description: 'Maximum submissions; 0 or omitted: unlimited', example: 1 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  max_responses?: number;

  @ApiPropertyOptional({
    description: 'Opaque correlation id, at most 256 characters; must not contain patient-identifiable information',
    example: 'appt-2026-11-22-0042',
  })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  external_ref?: string;

  @ApiPropertyOptional({
    enum: LOCALES,
    description:
      "Language of the patient page's own words (buttons, errors, progress); the form's printed labels stay as " +
      "printed. Omitted: the patient's browser language (Accept-Language), else English. The patient can switch.",
    example: 'es',
  })
  @IsOptional()
  @IsIn(LOCALES, { message: `locale must be one of: ${LOCALES.join(', ')}` })
  locale?: Locale;

  @ApiPropertyOptional({
    description:
      'After submitting, the done page sends the patient here with `?submission_id=sub_...` added. An https:// URL ' +
      "on one of the organization's fill_frame_ancestors (400 otherwise); at most 2,048 characters",
    example: 'https://portal.example.com/intake/finished',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_url?: string;

  @ApiPropertyOptional({ type: [PrefillValueDto], description: 'At most 200 prefill values' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => PrefillValueDto)
  values?: PrefillValueDto[];
}

export class PrefillValueResponseDto {
  @ApiProperty({ example: 'fld_8sK2mP4qR7tV1wX3yZ5aB6' }) field_id!: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'boolean' }], example: 'Rivera' }) value!: string | boolean;
  @ApiProperty({ example: false }) locked!: boolean;
}

export class FillLinkResponseDto {
  @ApiProperty({ example: 'fl_3nR8kW2pQ7xT5vY1mB9cL4' }) fill_link_id!: string;
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ description: '10 random base62 characters', example: 'aB3dE5fG7h' }) short_code!: string;
  @ApiProperty({ example: 'https://forms.example.com/f/aB3dE5fG7h' }) url!: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, example: 'appt-2026-11-22-0042' }) external_ref!: string | null;
  @ApiPropertyOptional({ description: 'Omitted when the link never expires', example: '2026-11-29T10:00:00.000Z' })
  expires_at?: string;
  @ApiProperty({ description: '0: unlimited', example: 1 }) max_responses!: number;
  @ApiPropertyOptional({ enum: LOCALES, description: 'Omitted when none was set', example: 'es' }) locale?: string;
  @ApiPropertyOptional({
    description: 'Omitted when none was set',
    example: 'https://portal.example.com/intake/finished',
  })
  redirect_url?: string;
  @ApiProperty({ type: [PrefillValueResponseDto] }) values!: PrefillValueResponseDto[];
}
