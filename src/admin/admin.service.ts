import { Injectable } from '@nestjs/common';
import { Settings } from 'src/config/settings';
import { ApiKeysService } from 'src/organizations/api-keys.service';
import { OrganizationsService } from 'src/organizations/organizations.service';
import { toApiKeyResponse, toOrganizationResponse } from './admin.mapper';
import type {
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
  CreateApiKeyDto,
  CreatedApiKeyResponseDto,
  CreateOrganizationDto,
  OrganizationListResponseDto,
  OrganizationResponseDto,
  UpdateOrganizationDto,
} from './dto/admin.dto';

/** The internal admins' operations, shared by the /admin/v1 API and the CLI. */
@Injectable()
export class AdminService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly apiKeys: ApiKeysService,
    private readonly settings: Settings,
  ) {}

  async createOrganization(dto: CreateOrganizationDto): Promise<OrganizationResponseDto> {
    const org = await this.organizations.create({
      name: dto.name,
      partnerApiEnabled: dto.partner_api_enabled,
      importsDailyQuota: dto.imports_daily_quota,
    });
    return toOrganizationResponse(org, this.settings);
  }

  async updateOrganization(orgId: string, dto: UpdateOrganizationDto): Promise<OrganizationResponseDto> {
    const org = await this.organizations.update(orgId, {
      name: dto.name,
      partnerApiEnabled: dto.partner_api_enabled,
      importsDailyQuota: dto.imports_daily_quota,
      editorFrameAncestors: dto.editor_frame_ancestors,
      fillFrameAncestors: dto.fill_frame_ancestors,
      displayName: dto.display_name,
      brandColor: dto.brand_color,
      logoBase64: dto.logo,
    });
    return toOrganizationResponse(org, this.settings);
  }

  async listOrganizations(): Promise<OrganizationListResponseDto> {
    return { orgs: (await this.organizations.list()).map((org) => toOrganizationResponse(org, this.settings)) };
  }

  async createApiKey(orgId: string, dto: CreateApiKeyDto): Promise<CreatedApiKeyResponseDto> {
    const { key, plaintext } = await this.apiKeys.create(orgId, dto.name, dto.scopes);
    return { ...toApiKeyResponse(key), api_key: plaintext };
  }

  async listApiKeys(orgId: string): Promise<ApiKeyListResponseDto> {
    return { api_keys: (await this.apiKeys.listForOrg(orgId)).map(toApiKeyResponse) };
  }

  async revokeApiKey(keyId: string): Promise<ApiKeyResponseDto> {
    return toApiKeyResponse(await this.apiKeys.revoke(keyId));
  }
}
