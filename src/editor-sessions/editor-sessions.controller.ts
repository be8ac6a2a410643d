import { Controller, Header, Ip, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiGoneResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { ErrorResponseDto } from 'src/common/openapi/error-response.dto';
import { EditorSessionResponseDto } from './dto/editor-session.dto';
import { EditorSessionsService } from './editor-sessions.service';

@ApiTags('Templates')
@ApiErrorResponses(401, 403, 404, 429)
@Controller('api/v1/templates')
export class EditorSessionsController {
  constructor(private readonly sessions: EditorSessionsService) {}

  @Post(':template_id/editor-sessions')
  @RequireScopes('templates:write')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiOperation({
    summary: 'Open the template editor (a link valid 60 minutes)',
    description:
      'Scope: templates:write. The url opens the editor page for this one template: staff review the field map, ' +
      'fix it and mark it reviewed. It is a bearer credential, like a signed PDF link: do not log it. Every ' +
      'session is audit-logged. 410 TEMPLATE_RETIRED.',
  })
  @ApiCreatedResponse({ type: EditorSessionResponseDto })
  @ApiGoneResponse({ description: 'TEMPLATE_RETIRED', type: ErrorResponseDto })
  create(
    @CurrentCaller() caller: Caller,
    @Param('template_id') templateId: string,
    @Ip() ip: string,
  ): Promise<EditorSessionResponseDto> {
    return this.sessions.create({ kind: 'api_key', keyId: caller.keyId, ip }, caller.org.id, templateId);
  }
}
