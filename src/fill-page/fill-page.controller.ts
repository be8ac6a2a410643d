import { Body, Controller, Get, Header, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import type { FillFormModel } from './fill-form.model';
import { FillPageHtmlFilter } from './fill-page-html.filter';
import { FillPageService } from './fill-page.service';
import { SubmitFormDto } from './submit-form.dto';
import { renderConfirmationPage, renderFormPage } from './views';

/** The hosted fill page: public, no API key; no-store, noindex and a strict CSP on every response. */
@ApiTags('Fill page (public)')
@Controller('f/:short_code')
export class FillPageController {
  constructor(private readonly fillPage: FillPageService) {}

  @Get()
  @Public()
  @UseFilters(FillPageHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiExcludeEndpoint()
  async page(@Param('short_code') shortCode: string): Promise<string> {
    return renderFormPage(await this.fillPage.form(shortCode));
  }

  @Get('done')
  @Public()
  @UseFilters(FillPageHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiExcludeEndpoint()
  async done(@Param('short_code') shortCode: string): Promise<string> {
    return renderConfirmationPage(await this.fillPage.title(shortCode));
  }

  @Get('form')
  @Public()
  @ApiOperation({ summary: 'The form of a fill link as JSON (latest template version, prefill values)' })
  @ApiOkResponse({ description: 'FillFormModel' })
  @ApiErrorResponses(404, 410, 429)
  form(@Param('short_code') shortCode: string): Promise<FillFormModel> {
    return this.fillPage.form(shortCode);
  }

  @Post('submit')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Submit the form',
    description:
      'Validated on the server: known fields, types, required answers, one choice per select_one question, ' +
      'PNG signatures under 1 MB. 400 carries `fields: [{field_id, error}]`. 410 when the link expired, reached ' +
      'its response limit or its template was retired.',
  })
  @ApiCreatedResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'received' } } } })
  @ApiErrorResponses(400, 404, 410, 413, 429)
  submit(@Param('short_code') shortCode: string, @Body() dto: SubmitFormDto): Promise<{ status: 'received' }> {
    return this.fillPage.submit(shortCode, dto);
  }
}
