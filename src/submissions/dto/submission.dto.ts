import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsRFC3339 } from 'class-validator';
import { PageQueryDto, PageResponseDto } from 'src/common/pagination/page-query.dto';
import { IsRealInstant } from 'src/common/validation/text-and-time';

export class ListSubmissionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'RFC 3339 timestamp; submissions at or after it',
    example: '2026-11-22T00:00:00Z',
  })
  @IsOptional()
  @IsRFC3339({ message: 'submitted_since must be an RFC 3339 timestamp, e.g. 2026-11-22T00:00:00Z' })
  @IsRealInstant()
  submitted_since?: string;
}

export class SubmissionSummaryDto {
  @ApiProperty({ example: 'sub_4mN8qR2tV6xZ1bC5dF9gH3' }) submission_id!: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) submitted_at!: string;
  @ApiProperty({ example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz' }) template_id!: string;
  @ApiProperty({ example: 'fl_3nR8kW2pQ7xT5vY1mB9cL4' }) fill_link_id!: string;
  @ApiProperty({ nullable: true, type: String, example: 'appt-2026-11-22-0042' }) external_ref!: string | null;
  @ApiProperty({ enum: ['pending', 'ready'], example: 'ready' }) completed_pdf_status!: string;
}

export class SubmissionListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [SubmissionSummaryDto], description: 'Newest first; no answers' })
  submissions!: SubmissionSummaryDto[];
}

export class SubmissionResponseDto extends SubmissionSummaryDto {
  @ApiProperty({
    description:
      'Every non-signature field of the version by field id: text-like kinds a string ("" when unanswered), ' +
      'date "YYYY-MM-DD" ("" when unanswered), choices and checkbox a boolean',
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
    example: { fld_8sK2mP4qR7tV1wX3yZ5aB6: 'Rivera', fld_NxQiEdGMYfsPzDzSTZpiQ7: true },
  })
  answers!: Record<string, string | boolean>;

  @ApiProperty({ description: 'Version of the field map the answers are keyed by', example: 1 })
  template_version!: number;

  @ApiProperty({
    nullable: true,
    type: String,
    enum: ['en', 'es'],
    description: "Language of the patient's page when they submitted",
    example: 'es',
  })
  locale!: string | null;

  @ApiPropertyOptional({
    description:
      'SHA-256 (hex) of the frozen completed PDF, present once completed_pdf_status is ready: the bytes that ' +
      'GET /submissions/{id}/pdf and the pdf-link serve, so a partner can prove later that the document is unchanged',
    example: '9f2c1e0b7a4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3',
  })
  completed_pdf_sha256?: string;
}

export class PdfLinkResponseDto {
  @ApiProperty({ description: 'Downloads the frozen PDF with no Authorization header until expires_at' })
  url!: string;
  @ApiProperty({ example: '2026-11-22T10:10:00.000Z' }) expires_at!: string;
}
