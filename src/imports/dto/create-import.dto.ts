import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsString, Length, MaxLength } from 'class-validator';
import { IsOmittable } from 'src/common/errors/omittable.decorator';

export class CreateImportDto {
  @ApiPropertyOptional({
    description: 'The blank PDF as standard base64 (at most 10 MB decoded). Exactly one of pdf_base64 and pdf_url.',
    example: 'JVBERi0xLjcK...',
  })
  @IsOmittable()
  @IsString()
  pdf_base64?: string;

  @ApiPropertyOptional({
    description: 'Public HTTPS URL of the blank PDF, fetched by the service. Exactly one of pdf_base64 and pdf_url.',
    example: 'https://forms.example.org/intake.pdf',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(2048)
  pdf_url?: string;

  @ApiProperty({ description: 'Original filename', example: 'intake.pdf' })
  @IsString()
  @Length(1, 255)
  filename!: string;

  @ApiPropertyOptional({
    description: 'Display title of the template (default: the filename)',
    example: 'New patient intake',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  title?: string;

  @ApiProperty({
    description: 'Must be true: asserts the PDF is a blank form with no patient-identifiable information',
    example: true,
  })
  @IsBoolean({ message: 'blank_form_attestation must be true: import blank forms only, never filled ones' })
  @Equals(true, { message: 'blank_form_attestation must be true: import blank forms only, never filled ones' })
  blank_form_attestation!: boolean;

  @ApiPropertyOptional({
    description: 'Re-import: add a new version to this template (field ids are regenerated)',
    example: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(64)
  template_id?: string;
}
