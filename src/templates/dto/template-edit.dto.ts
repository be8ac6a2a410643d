import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsWellFormedText } from 'src/common/validation/text-and-time';
import { CHOICE_MARKS, FIELD_KINDS, type ChoiceMark, type FieldKind } from '../../shared/field-map';
import { FIELD_FORMATS, type FieldFormat } from 'src/shared/answer-rules';
import { CONDITION_DESCRIPTION, FieldConditionDto, FORMAT_DESCRIPTION } from './field-rules.dto';
import { TemplateFieldDto } from './template.dto';

/** Most fields one version may hold. */
import { FIELD_TEXT_LIMITS, MAX_FIELDS_PER_VERSION } from 'src/shared/constants';

export { MAX_FIELDS_PER_VERSION };

/** One entry of PUT /templates/{id}/fields. The keys of GET .../fields; `prefillable` and `confidence` are ignored. */
export class FieldEntryDto {
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The id of a field of `base_version` to keep it (and its id); omit or null for a new field',
    example: 'fld_8sK2mP4qR7tV1wX3yZ5aB6',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  field_id?: string | null;

  @ApiProperty({ enum: FIELD_KINDS, example: 'text' })
  @IsIn(FIELD_KINDS)
  kind!: FieldKind;

  @ApiProperty({ description: '1-based page', example: 1 })
  @IsInt()
  @Min(1)
  @Max(10_000)
  page!: number;

  @ApiProperty({
    description: '[x1, y1, x2, y2] in PDF points, origin bottom-left; x1 < x2, y1 < y2, within the page',
    type: [Number],
    example: [72, 640.5, 300, 654.5],
  })
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  rect!: [number, number, number, number];

  @ApiPropertyOptional({ description: 'Text bound to this field (default "")', example: 'Date of birth' })
  @IsOptional()
  @IsString()
  @MaxLength(FIELD_TEXT_LIMITS.label)
  @IsWellFormedText()
  label?: string;

  @ApiPropertyOptional({ description: 'The question as printed (default "")', example: 'Date of birth' })
  @IsOptional()
  @IsString()
  @MaxLength(FIELD_TEXT_LIMITS.prompt)
  @IsWellFormedText()
  prompt?: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Option text: required for select_one and select_many, null for text-like kinds',
    example: null,
  })
  @IsOptional()
  @IsString()
  @MaxLength(FIELD_TEXT_LIMITS.choiceLabel)
  @IsWellFormedText()
  choice_label?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description:
      'Groups the options of one question (select_one, select_many: required). An existing question id keeps ' +
      'it; any other string groups the entries carrying it under a new id. Any other field is a question of its ' +
      'own: its question_id (optional; a new id when absent) is carried by no other entry.',
    example: null,
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  question_id?: string | null;

  @ApiPropertyOptional({ description: 'Default false', example: false })
  @IsOptional()
  @IsBoolean()
  required?: boolean;

  @ApiPropertyOptional({ description: 'Printed section heading (default "")', example: 'Patient' })
  @IsOptional()
  @IsString()
  @MaxLength(FIELD_TEXT_LIMITS.section)
  @IsWellFormedText()
  section?: string;

  @ApiPropertyOptional({
    enum: CHOICE_MARKS,
    description: 'Choice fields: "check" (default) or "circle"; ignored on other kinds',
    example: 'check',
  })
  @IsOptional()
  @IsIn(CHOICE_MARKS)
  mark?: ChoiceMark;

  @ApiPropertyOptional({
    enum: FIELD_FORMATS,
    nullable: true,
    description: `${FORMAT_DESCRIPTION}. Omitted: a kept field keeps its format`,
    example: null,
  })
  @IsOptional()
  @IsIn(FIELD_FORMATS)
  format?: FieldFormat | null;

  @ApiPropertyOptional({
    type: FieldConditionDto,
    nullable: true,
    description:
      `${CONDITION_DESCRIPTION}. It must name an entry of this body that comes earlier and keeps its field_id. ` +
      'Omitted: a kept field keeps its condition while that option stays',
    example: null,
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => FieldConditionDto)
  condition?: FieldConditionDto | null;

  @ApiPropertyOptional({ description: 'Read-only (from GET): ignored', example: true })
  @IsOptional()
  @IsBoolean()
  prefillable?: boolean;

  @ApiPropertyOptional({ description: 'Read-only (from GET): ignored; kept fields keep theirs, new ones get 1' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  confidence?: number;
}

export class ReplaceFieldsDto {
  @ApiProperty({ description: 'The version these fields were read from (must be the latest)', example: 1 })
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  base_version!: number;

  @ApiProperty({
    type: [FieldEntryDto],
    description: `The whole new field map in reading order, at most ${MAX_FIELDS_PER_VERSION} entries`,
    example: [
      {
        field_id: 'fld_8sK2mP4qR7tV1wX3yZ5aB6',
        kind: 'date',
        page: 1,
        rect: [72, 640.5, 300, 654.5],
        label: 'Date of birth',
        prompt: 'Date of birth',
        required: true,
        section: 'Patient',
      },
      {
        kind: 'select_one',
        page: 1,
        rect: [72, 600, 84, 612],
        label: 'Yes',
        prompt: 'Do you smoke?',
        choice_label: 'Yes',
        question_id: 'smoking',
      },
      {
        kind: 'select_one',
        page: 1,
        rect: [120, 600, 132, 612],
        label: 'No',
        prompt: 'Do you smoke?',
        choice_label: 'No',
        question_id: 'smoking',
      },
    ],
  })
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS_PER_VERSION)
  @ValidateNested({ each: true })
  @Type(() => FieldEntryDto)
  fields!: FieldEntryDto[];
}

export class ReplacedFieldsResponseDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ description: 'The new version: base_version + 1', example: 2 }) version!: number;
  @ApiProperty({ type: [TemplateFieldDto] }) fields!: TemplateFieldDto[];
}

export class ReviewedTemplateResponseDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ description: 'The version marked reviewed (the latest)', example: 2 }) version!: number;
  @ApiProperty({ example: false }) review_required!: boolean;
  @ApiProperty({ example: '2026-11-23T10:00:00.000Z' }) reviewed_at!: string;
}

export class FieldEditProblemDto {
  @ApiProperty({ description: 'Index of the entry in `fields`', example: 3 }) index!: number;
  @ApiProperty({ description: 'The key at fault', example: 'rect' }) field!: string;
  @ApiProperty({ example: '[600, 700, 640, 714] is off page 1 [0, 0, 612, 792]' }) message!: string;
}

export class FieldEditErrorResponseDto {
  @ApiProperty({ example: 'fields[3].rect: [600, 700, 640, 714] is off page 1 [0, 0, 612, 792]' }) error!: string;
  @ApiProperty({ example: 'VALIDATION_FAILED' }) code!: string;
  @ApiPropertyOptional({
    type: [FieldEditProblemDto],
    description: 'Present when entries broke field-map rules (absent for shape errors, which name fields.N.key)',
  })
  field_errors?: FieldEditProblemDto[];
}

export class VersionConflictResponseDto {
  @ApiProperty({
    example: 'base_version is not the latest version (3): fetch the latest fields, apply your changes, and save again',
  })
  error!: string;
  @ApiProperty({ example: 'VERSION_CONFLICT' }) code!: string;
  @ApiProperty({ description: 'The latest version now', example: 3 }) latest_version!: number;
}
