import { Body, Controller, Get, HttpCode, Ip, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentCaller, CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller, CallerOrg } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { ErrorResponseDto } from 'src/common/openapi/error-response.dto';
import {
  FieldEditErrorResponseDto,
  ReplaceFieldsDto,
  ReplacedFieldsResponseDto,
  ReviewedTemplateResponseDto,
  VersionConflictResponseDto,
} from './dto/template-edit.dto';
import { TemplateFieldsQueryDto, TemplateFieldsResponseDto, TemplateListResponseDto } from './dto/template.dto';
import { TemplateEditsService } from './template-edits.service';
import { TemplatesService } from './templates.service';

@ApiTags('Templates')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/templates')
export class TemplatesController {
  constructor(
    private readonly templates: TemplatesService,
    private readonly edits: TemplateEditsService,
  ) {}

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
      'Field ids are new for every re-import (an edit keeps the ids of the fields it keeps): fetch the fields ' +
      'again after a template.updated event or a re-import.',
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

  @Put(':template_id/fields')
  @RequireScopes('templates:write')
  @ApiOperation({
    summary: 'Replace the field map (a new version)',
    description:
      'Scope: templates:write. Writes version base_version + 1 (detector "edited") and a template.updated event. ' +
      'An entry with the field_id of a base_version field keeps that id; an entry without one gets a new id; a ' +
      'field left out is gone. question_id groups the options of a select_one/select_many question: an existing ' +
      'question id is kept, any other string is replaced by a new id; any other field has a question_id of its own. Fill links serve the new version at once; ' +
      'submissions keep the version they were made with. 400 names each entry and rule (`field_errors`): unknown ' +
      'kind, rect off its page, a select field without choice_label or question_id, a select_one question with one ' +
      'option, a question_id shared with a field that is not a select option, a repeated or unknown field_id, more than 2,000 fields. 409 VERSION_CONFLICT with `latest_version` ' +
      'when base_version is not the latest. 410 TEMPLATE_RETIRED.',
  })
  @ApiOkResponse({ type: ReplacedFieldsResponseDto })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED naming each entry and rule',
    type: FieldEditErrorResponseDto,
  })
  @ApiConflictResponse({ description: 'VERSION_CONFLICT (with latest_version)', type: VersionConflictResponseDto })
  @ApiGoneResponse({ description: 'TEMPLATE_RETIRED', type: ErrorResponseDto })
  @ApiErrorResponses(404)
  replaceFields(
    @CurrentCaller() caller: Caller,
    @Param('template_id') templateId: string,
    @Body() body: ReplaceFieldsDto,
    @Ip() ip: string,
  ): Promise<ReplacedFieldsResponseDto> {
    return this.edits.replaceFields({ kind: 'api_key', keyId: caller.keyId, ip }, caller.org.id, templateId, body);
  }

  @Post(':template_id/review')
  @HttpCode(200)
  @RequireScopes('templates:write')
  @ApiOperation({
    summary: 'Mark the latest version reviewed',
    description:
      'Scope: templates:write. Clears review_required on template entries and sets reviewed_at (the first ' +
      'review counts; calling again changes nothing). An edit writes a new version, which starts unreviewed. ' +
      'Audit-logged. 410 TEMPLATE_RETIRED.',
  })
  @ApiOkResponse({ type: ReviewedTemplateResponseDto })
  @ApiGoneResponse({ description: 'TEMPLATE_RETIRED', type: ErrorResponseDto })
  @ApiErrorResponses(404)
  review(
    @CurrentCaller() caller: Caller,
    @Param('template_id') templateId: string,
    @Ip() ip: string,
  ): Promise<ReviewedTemplateResponseDto> {
    return this.edits.markReviewed({ kind: 'api_key', keyId: caller.keyId, ip }, caller.org.id, templateId);
  }
}
