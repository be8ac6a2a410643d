import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsOmittable } from 'src/common/errors/omittable.decorator';
import { MAX_FILL_FRAME_ANCESTORS } from 'src/organizations/fill-embedding';

const ANCESTORS =
  "Origins allowed to frame the fill page in the partner's portal (CSP frame-ancestors; the page posts " +
  'edform:* messages to that parent, and fill links may redirect there). Exact https:// origins (http:// only with ' +
  'ALLOW_INSECURE_OUTBOUND=true); [] (the default) means the page cannot be framed';

/** PATCH /admin/v1/orgs/{id}: the brand and embedding of the fill page. null clears a brand property. */
export const BrandInput = {
  displayName: () =>
    applyDecorators(
      ApiPropertyOptional({
        type: String,
        nullable: true,
        description: 'The clinic as patients know it, at the top of the fill page and the done page; null clears',
        example: 'Northwind Family Clinic',
      }),
      IsOptional(),
      IsString(),
      Length(1, 120),
    ),
  brandColor: () =>
    applyDecorators(
      ApiPropertyOptional({
        type: String,
        nullable: true,
        description:
          '#RRGGBB, at least 4.5:1 contrast against white (else 400: the page must stay readable); null clears',
        example: '#1A5FB4',
      }),
      IsOptional(),
      IsString(),
      MaxLength(20),
    ),
  logo: () =>
    applyDecorators(
      ApiPropertyOptional({
        type: String,
        nullable: true,
        description:
          'The logo file in base64: PNG or SVG, at most 200 KB (204,800 bytes) decoded. An SVG is sanitized ' +
          '(DOMPurify) and refused with 400 when it holds script. Served from this origin with a content hash in its ' +
          'URL; null removes it',
        example: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      }),
      IsOptional(),
      IsString(),
      MaxLength(300_000),
    ),
  fillFrameAncestors: () =>
    applyDecorators(
      ApiPropertyOptional({ description: ANCESTORS, type: [String], example: ['https://portal.example.com'] }),
      IsOmittable(),
      IsArray(),
      ArrayMaxSize(MAX_FILL_FRAME_ANCESTORS),
      IsString({ each: true }),
    ),
};

/** The organization's brand as the admin API shows it. */
export class OrganizationBrandOutput {
  @ApiProperty({ type: String, nullable: true, example: 'Northwind Family Clinic' }) display_name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#1A5FB4' }) brand_color!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where the logo is served (content-hashed, cached for a year), or null',
    example: 'https://forms.example.com/logos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png',
  })
  logo_url!: string | null;
  @ApiProperty({ description: ANCESTORS, type: [String], example: ['https://portal.example.com'] })
  fill_frame_ancestors!: string[];
}
