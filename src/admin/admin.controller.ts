import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { AdminService } from './admin.service';
import {
  ApiKeyListResponseDto,
  ApiKeyResponseDto,
  CreateApiKeyDto,
  CreatedApiKeyResponseDto,
  CreateOrganizationDto,
  OrganizationListResponseDto,
  OrganizationResponseDto,
  UpdateOrganizationDto,
} from './dto/admin.dto';

@ApiTags('Admin')
@ApiBearerAuth('admin-token')
@AdminOnly()
@ApiErrorResponses(401, 404)
@Controller('admin/v1')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Post('orgs')
  @ApiOperation({ summary: 'Create an organization', description: 'Admin token required.' })
  @ApiCreatedResponse({ type: OrganizationResponseDto })
  @ApiErrorResponses(400)
  createOrganization(@Body() dto: CreateOrganizationDto): Promise<OrganizationResponseDto> {
    return this.admin.createOrganization(dto);
  }

  @Get('orgs')
  @ApiOperation({ summary: 'List organizations', description: 'Admin token required.' })
  @ApiOkResponse({ type: OrganizationListResponseDto })
  listOrganizations(): Promise<OrganizationListResponseDto> {
    return this.admin.listOrganizations();
  }

  @Patch('orgs/:org_id')
  @ApiOperation({
    summary: 'Change name, enrollment, quota, brand or embedding',
    description:
      'Only the keys sent change. The brand (display_name, brand_color, logo) shows at the top of the fill page ' +
      'and the done page; fill_frame_ancestors lets partners frame the fill page. 400 names what to fix: a colour ' +
      'under 4.5:1 contrast against white, a logo over 200 KB or neither PNG nor SVG or an SVG holding script, an ' +
      'origin that is not https://.',
  })
  @ApiOkResponse({ type: OrganizationResponseDto })
  @ApiErrorResponses(400)
  updateOrganization(
    @Param('org_id') orgId: string,
    @Body() dto: UpdateOrganizationDto,
  ): Promise<OrganizationResponseDto> {
    return this.admin.updateOrganization(orgId, dto);
  }

  @Post('orgs/:org_id/api-keys')
  @ApiOperation({ summary: 'Issue an API key', description: 'The key is in this response only: store it.' })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @ApiErrorResponses(400)
  createApiKey(@Param('org_id') orgId: string, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKeyResponseDto> {
    return this.admin.createApiKey(orgId, dto);
  }

  @Get('orgs/:org_id/api-keys')
  @ApiOperation({ summary: "List an organization's API keys (never their secrets)" })
  @ApiOkResponse({ type: ApiKeyListResponseDto })
  listApiKeys(@Param('org_id') orgId: string): Promise<ApiKeyListResponseDto> {
    return this.admin.listApiKeys(orgId);
  }

  @Delete('api-keys/:key_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an API key', description: 'A revoked key gets 401 at once.' })
  @ApiOkResponse({ type: ApiKeyResponseDto })
  revokeApiKey(@Param('key_id') keyId: string): Promise<ApiKeyResponseDto> {
    return this.admin.revokeApiKey(keyId);
  }
}
