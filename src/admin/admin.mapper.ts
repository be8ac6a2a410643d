import type { ApiKey } from 'src/organizations/entities/api-key.entity';
import type { Settings } from 'src/config/settings';
import type { Organization } from 'src/organizations/entities/organization.entity';
import { brandOf } from 'src/organizations/organizations.service';
import type { ApiKeyResponseDto, OrganizationResponseDto } from './dto/admin.dto';

export function toOrganizationResponse(
  org: Organization,
  settings: Pick<Settings, 'PUBLIC_BASE_URL'>,
): OrganizationResponseDto {
  const brand = brandOf(org);
  return {
    org_id: org.id,
    name: org.name,
    partner_api_enabled: org.partnerApiEnabled,
    imports_daily_quota: org.importsDailyQuota,
    editor_frame_ancestors: org.editorFrameAncestors,
    fill_frame_ancestors: brand.fillFrameAncestors,
    display_name: brand.displayName,
    brand_color: brand.brandColor,
    logo_url: brand.logoPath ? `${settings.PUBLIC_BASE_URL}${brand.logoPath}` : null,
    created_at: org.createdAt.toISOString(),
    updated_at: org.updatedAt.toISOString(),
  };
}

export function toApiKeyResponse(key: ApiKey): ApiKeyResponseDto {
  return {
    key_id: key.id,
    org_id: key.orgId,
    name: key.name,
    scopes: key.scopes,
    display_prefix: key.displayPrefix,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
  };
}
