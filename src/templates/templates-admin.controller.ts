import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { RetiredTemplateResponseDto } from './dto/template.dto';
import { TemplatesService } from './templates.service';

@ApiTags('Admin')
@ApiBearerAuth('admin-token')
@AdminOnly()
@ApiErrorResponses(401, 404)
@Controller('admin/v1/templates')
export class TemplatesAdminController {
  constructor(private readonly templates: TemplatesService) {}

  @Post(':template_id/retire')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Retire a template',
    description: 'It leaves GET /templates and its links stop accepting responses; its fields stay readable.',
  })
  @ApiOkResponse({ type: RetiredTemplateResponseDto })
  retire(@Param('template_id') templateId: string): Promise<RetiredTemplateResponseDto> {
    return this.templates.retire(templateId);
  }
}
