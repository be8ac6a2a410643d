import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ImportResponseDto {
  @ApiProperty({ example: 'imp_2bV7nQ4kX9pL3mR8tW1yZ6' }) import_id!: string;
  @ApiProperty({ enum: ['queued', 'processing', 'succeeded', 'failed'], example: 'queued' }) status!: string;
  @ApiProperty({ example: 'intake.pdf' }) filename!: string;
  @ApiPropertyOptional({ description: 'When succeeded', example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id?: string;
  @ApiPropertyOptional({ description: 'When succeeded: the template version this import produced', example: 1 })
  template_version?: number;
  @ApiPropertyOptional({ description: 'When succeeded', example: 2 }) page_count?: number;
  @ApiPropertyOptional({ description: 'When succeeded', example: 43 }) field_count?: number;
  @ApiPropertyOptional({ description: 'When succeeded', enum: ['acroform', 'layout', 'ocr'] }) detector?: string;
  @ApiPropertyOptional({ description: 'When succeeded: staff should check the template first', example: false })
  review_required?: boolean;
  @ApiPropertyOptional({ description: 'When succeeded', type: [String], example: [] }) review_reasons?: string[];
  @ApiPropertyOptional({ description: 'When succeeded', type: [String], example: [] }) warnings?: string[];
  @ApiPropertyOptional({
    description:
      'When succeeded: how many fields of the new version took over what staff set in an edit of the previous ' +
      'version (label, prompt, kind, choice_label, grouping, required, format, condition); 0 for a first import. ' +
      'Edits that found no field are in review_reasons',
    example: 3,
  })
  carried_over?: number;
  @ApiPropertyOptional({
    description: 'When failed: what is wrong with the file',
    example: 'the file is encrypted with a password',
  })
  error?: string;
  @ApiPropertyOptional({
    description: 'When failed',
    enum: [
      'PDF_INVALID',
      'PDF_ENCRYPTED',
      'PDF_NO_PAGES',
      'PDF_TOO_MANY_PAGES',
      'PDF_TOO_LARGE',
      'FETCH_FAILED',
      'PROCESSING_TIMEOUT',
      'PROCESSING_ERROR',
    ],
  })
  error_code?: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-11-22T10:00:02.000Z' }) updated_at!: string;
}
