import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Ip,
  Param,
  Post,
  Put,
  Query,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from 'src/common/auth/auth.decorators';
import type { ReplacedFieldsResponseDto, ReviewedTemplateResponseDto } from 'src/templates/dto/template-edit.dto';
import { ReplaceFieldsDto } from 'src/templates/dto/template-edit.dto';
import type { EditorFieldsResponse } from './editor-fields.model';
import { EditorHtmlFilter } from './editor-html.filter';
import { EditorPageService } from './editor-page.service';

/**
 * The template editor, opened from a partner's app with an editor-session URL. The token in the path is the
 * credential (no API key). The JSON routes are the page's own, not part of the partner API (which has
 * PUT /templates/{id}/fields and POST /templates/{id}/review, run by the same service).
 */
// `?template_id=` (optional): the template the caller expects the token to open; the page sends its own on
// every call and a partner's app may pin it in the URL. Another template's token is then refused (403).
@ApiExcludeController()
@Controller('editor/:token')
export class EditorPageController {
  constructor(private readonly editor: EditorPageService) {}

  @Get()
  @Public()
  @UseFilters(EditorHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Param('token') token: string, @Query('template_id') pinned: string | undefined): Promise<string> {
    return this.editor.page({ token, templateId: pinned });
  }

  @Get('preview')
  @Public()
  @UseFilters(EditorHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  preview(@Param('token') token: string, @Query('template_id') pinned: string | undefined): Promise<string> {
    return this.editor.preview({ token, templateId: pinned });
  }

  @Get('pdf')
  @Public()
  async pdf(@Param('token') token: string, @Query('template_id') pinned: string | undefined): Promise<StreamableFile> {
    const pdf = await this.editor.pdf({ token, templateId: pinned });
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: 'inline' });
  }

  @Get('fields')
  @Public()
  fields(
    @Param('token') token: string,
    @Query('template_id') pinned: string | undefined,
  ): Promise<EditorFieldsResponse> {
    return this.editor.fields({ token, templateId: pinned });
  }

  @Put('fields')
  @Public()
  save(
    @Param('token') token: string,
    @Query('template_id') pinned: string | undefined,
    @Ip() ip: string,
    @Body() body: ReplaceFieldsDto,
  ): Promise<ReplacedFieldsResponseDto> {
    return this.editor.save({ token, templateId: pinned }, ip ?? null, body);
  }

  @Post('review')
  @Public()
  @HttpCode(200)
  review(
    @Param('token') token: string,
    @Query('template_id') pinned: string | undefined,
    @Ip() ip: string,
  ): Promise<ReviewedTemplateResponseDto> {
    return this.editor.review({ token, templateId: pinned }, ip ?? null);
  }
}
