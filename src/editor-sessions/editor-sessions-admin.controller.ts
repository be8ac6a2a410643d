import { Controller, Header, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiGoneResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { ErrorResponseDto } from 'src/common/openapi/error-response.dto';
import { EditorSessionResponseDto } from './dto/editor-session.dto';
import { EditorSessionsService } from './editor-sessions.service';

@ApiTags('Admin')
@ApiBearerAuth('admin-token')
@AdminOnly()
@ApiErrorResponses(401, 404)
@Controller('admin/v1/templates')
export class EditorSessionsAdminController {
  constructor(private readonly sessions: EditorSessionsService) {}

  @Post(':template_id/editor-sessions')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiOperation({
    summary: "Open a template's editor (internal admins)",
    description: "Any organization's active template. The url is valid 60 minutes and audit-logged (no API key).",
  })
  @ApiCreatedResponse({ type: EditorSessionResponseDto })
  @ApiGoneResponse({ description: 'TEMPLATE_RETIRED', type: ErrorResponseDto })
  create(@Param('template_id') templateId: string): Promise<EditorSessionResponseDto> {
    return this.sessions.create({ kind: 'admin' }, null, templateId);
  }
}
