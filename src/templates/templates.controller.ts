import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { CallerOrg } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { TemplateFieldsQueryDto, TemplateFieldsResponseDto, TemplateListResponseDto } from './dto/template.dto';
import { TemplatesService } from './templates.service';

@ApiTags('Templates')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @RequireScopes('templates:read')
  @ApiOperation({ summary: 'List active templates, newest first', description: 'Scope: templates:read.' })
  @ApiOkResponse({ type: TemplateListResponseDto })
  list(@CurrentOrg() org: CallerOrg): Promise<TemplateListResponseDto> {
    return this.templates.list(org);
  }

  @Get(':template_id/fields')
  @RequireScopes('templates:read')
  @ApiOperation({
    summary: "A template's field map",
    description:
      'Scope: templates:read. The latest version unless `version` is given. Also works for retired templates. ' +
      'Field ids are new for every version: after a re-import, fetch the fields again.',
  })
  @ApiOkResponse({ type: TemplateFieldsResponseDto })
  @ApiErrorResponses(400, 404)
  fields(
    @CurrentOrg() org: CallerOrg,
    @Param('template_id') templateId: string,
    @Query() query: TemplateFieldsQueryDto,
  ): Promise<TemplateFieldsResponseDto> {
    return this.templates.getFields(org, templateId, query.version);
  }
}
