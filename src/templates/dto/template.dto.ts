import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { FIELD_FORMATS, type FieldFormat } from 'src/shared/answer-rules';
import { CONDITION_DESCRIPTION, FieldConditionDto, FORMAT_DESCRIPTION } from './field-rules.dto';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CHOICE_MARKS, FIELD_KINDS, type ChoiceMark, type FieldKind } from 'src/shared/constants';
import type { WireField, WireRect } from 'src/shared/template-field';

export class TemplateResponseDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ example: 'New patient intake' }) title!: string;
  @ApiProperty({ example: 'intake.pdf' }) source_filename!: string;
  @ApiProperty({ example: 2 }) page_count!: number;
  @ApiProperty({ example: 43 }) field_count!: number;
  @ApiProperty({
    enum: ['acroform', 'layout', 'ocr', 'edited'],
    description: '"edited" when the latest version was written by PUT /templates/{id}/fields',
    example: 'layout',
  })
  detector!: string;
  @ApiProperty({ description: 'Generation of the field map; changes on re-import and on every edit', example: 1 })
  version!: number;
  @ApiProperty({
    description:
      "The latest version was flagged by detection (see the import's review_reasons) and nobody has marked it " +
      'reviewed yet (POST /templates/{id}/review)',
    example: true,
  })
  review_required!: boolean;
  @ApiPropertyOptional({
    description: 'When the latest version was marked reviewed; absent until then',
    example: '2026-11-23T10:00:00.000Z',
  })
  reviewed_at?: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) updated_at!: string;
}

export class TemplateListResponseDto {
  @ApiProperty({ type: [TemplateResponseDto], description: 'Active templates, newest first' })
  templates!: TemplateResponseDto[];
}

export class TemplateFieldDto implements WireField {
  @ApiProperty({ description: 'New for every template version', example: 'fld_8sK2mP4qR7tV1wX3yZ5aB6' })
  field_id!: string;
  @ApiProperty({ enum: FIELD_KINDS, example: 'text' }) kind!: FieldKind;
  @ApiProperty({ description: 'The question as printed', example: 'Date of birth' }) prompt!: string;
  @ApiProperty({ description: 'Text bound to this field (a choice: its option text)', example: 'Date of birth' })
  label!: string;
  @ApiProperty({ nullable: true, type: String, example: null }) choice_label!: string | null;
  @ApiProperty({
    description: 'Shared by the options of one choice question; any other field has one of its own',
    example: 'q_3hT9wLm2Qx8RkV5nB1cZ7d',
  })
  question_id!: string;
  @ApiProperty({ description: '1-based page', example: 1 }) page!: number;
  @ApiProperty({ example: true }) prefillable!: boolean;
  @ApiProperty({
    description: '[x1, y1, x2, y2] in PDF points, origin bottom-left',
    type: [Number],
    example: [72, 640.5, 300, 654.5],
  })
  rect!: WireRect;
  @ApiProperty({ example: false }) required!: boolean;
  @ApiProperty({ description: '0 to 1; 1 for fields read from the PDF form', example: 0.9 }) confidence!: number;
  @ApiPropertyOptional({
    enum: CHOICE_MARKS,
    description:
      'Choice fields only: "check" ticks the printed box; "circle" circles the printed option word (rect is the word)',
    example: 'check',
  })
  mark?: ChoiceMark;
  @ApiProperty({ description: 'The printed section heading the field sits under ("" when none)', example: '' })
  section!: string;
  @ApiProperty({ enum: FIELD_FORMATS, nullable: true, description: FORMAT_DESCRIPTION, example: null })
  format!: FieldFormat | null;
  @ApiProperty({
    type: FieldConditionDto,
    nullable: true,
    description: CONDITION_DESCRIPTION,
    example: { field_id: 'fld_3hJ8nC2vB5xZ9mQ1wE4rT7', equals: true },
  })
  condition!: FieldConditionDto | null;
}

export class TemplateFieldsResponseDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ example: 1 }) version!: number;
  @ApiProperty({ type: [TemplateFieldDto] }) fields!: TemplateFieldDto[];
}

export class TemplateFieldsQueryDto {
  @ApiPropertyOptional({ description: 'Version number; the latest when omitted', example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  version?: number;
}

export class RetiredTemplateResponseDto {
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ example: 'retired' }) status!: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) retired_at!: string;
}
