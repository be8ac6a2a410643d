import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { IsOmittable } from 'src/common/errors/omittable.decorator';
import { SCOPES, type Scope } from 'src/common/auth/scopes';
import { EditorFrameAncestorsInput, EditorFrameAncestorsOutput } from './editor-frame-ancestors';
import { BrandInput, OrganizationBrandOutput } from './organization-brand.dto';

// Wire DTOs use the wire's snake_case names so that validation messages name the field a partner sent.

export class CreateOrganizationDto {
  @ApiProperty({ description: 'Display name', example: 'Northwind Clinics' })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({ description: 'Enrolled in the Partner API beta (default false)', example: true })
  @IsOmittable()
  @IsBoolean()
  partner_api_enabled?: boolean;

  @ApiPropertyOptional({ description: 'Imports per UTC day (default IMPORTS_DAILY_QUOTA)', example: 200 })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  imports_daily_quota?: number;
}

export class UpdateOrganizationDto {
  @ApiPropertyOptional({ example: 'Northwind Clinics' })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ example: true })
  @IsOmittable()
  @IsBoolean()
  partner_api_enabled?: boolean;

  @ApiPropertyOptional({ example: 500 })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  imports_daily_quota?: number;

  @EditorFrameAncestorsInput()
  editor_frame_ancestors?: string[];

  @BrandInput.fillFrameAncestors()
  fill_frame_ancestors?: string[];

  @BrandInput.displayName()
  display_name?: string | null;

  @BrandInput.brandColor()
  brand_color?: string | null;

  @BrandInput.logo()
  logo?: string | null;
}

export class OrganizationResponseDto extends OrganizationBrandOutput {
  @ApiProperty({ example: 'org_7Hq2mC9xKp4RtY8wZ1aB3d' }) org_id!: string;
  @ApiProperty({ example: 'Northwind Clinics' }) name!: string;
  @ApiProperty({ example: true }) partner_api_enabled!: boolean;
  @ApiProperty({ example: 200 }) imports_daily_quota!: number;
  @EditorFrameAncestorsOutput() editor_frame_ancestors!: string[];
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) updated_at!: string;
}

export class OrganizationListResponseDto {
  @ApiProperty({ type: [OrganizationResponseDto] }) orgs!: OrganizationResponseDto[];
}

export class CreateApiKeyDto {
  @ApiProperty({ description: 'What the key is for', example: 'EHR sync' })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: ['imports:write', 'templates:read'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(SCOPES.length)
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];
}

export class ApiKeyResponseDto {
  @ApiProperty({ example: 'key_3kX9pQ2rT7vW1yZ5bN8mC4' }) key_id!: string;
  @ApiProperty({ example: 'org_7Hq2mC9xKp4RtY8wZ1aB3d' }) org_id!: string;
  @ApiProperty({ example: 'EHR sync' }) name!: string;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes!: string[];
  @ApiProperty({ description: 'First characters of the key, to tell keys apart', example: 'edfk_live_Ab3x' })
  display_prefix!: string;
  @ApiProperty({ nullable: true, type: String, example: null }) last_used_at!: string | null;
  @ApiProperty({ nullable: true, type: String, example: null }) revoked_at!: string | null;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
}

export class CreatedApiKeyResponseDto extends ApiKeyResponseDto {
  @ApiProperty({ description: 'The secret. Shown exactly once: store it now.', example: 'edfk_live_...' })
  api_key!: string;
}

export class ApiKeyListResponseDto {
  @ApiProperty({ type: [ApiKeyResponseDto] }) api_keys!: ApiKeyResponseDto[];
}
