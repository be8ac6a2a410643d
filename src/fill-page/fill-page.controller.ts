import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { DraftFormDto } from './draft-form.dto';
import type { FillFormModel } from './fill-form.model';
import { FillPageHtmlFilter } from './fill-page-html.filter';
import { FillPageService } from './fill-page.service';
import { SubmitFormDto } from './submit-form.dto';

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
  page(
    @Param('short_code') shortCode: string,
    @Query('lang') lang: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Headers('cookie') cookie: string | undefined,
  ): Promise<string> {
    return this.fillPage.page(shortCode, { lang, acceptLanguage, cookie });
  }

  @Get('done')
  @Public()
  @UseFilters(FillPageHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiExcludeEndpoint()
  done(
    @Param('short_code') shortCode: string,
    @Query('lang') lang: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<string> {
    return this.fillPage.confirmation(shortCode, { lang, acceptLanguage });
  }

  @Get('form')
  @Public()
  @ApiOperation({ summary: 'The form of a fill link as JSON (latest template version, prefill values)' })
  @ApiOkResponse({ description: 'FillFormModel' })
  @ApiErrorResponses(404, 410, 429)
  form(@Param('short_code') shortCode: string): Promise<FillFormModel> {
    return this.fillPage.form(shortCode);
  }

  @Put('draft')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    summary: "Save the patient's unfinished answers in this browser",
    description:
      'Encrypted at rest, tied to the link and to this browser by an HttpOnly cookie, kept 7 days after the last ' +
      'save, deleted on submit or by DELETE. A draft is never a response and never reaches the partner API.',
  })
  @ApiNoContentResponse({ description: 'Saved; Set-Cookie carries the draft token' })
  @ApiErrorResponses(400, 404, 410, 413, 429)
  async saveDraft(
    @Param('short_code') shortCode: string,
    @Headers('cookie') cookie: string | undefined,
    @Body() dto: DraftFormDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    res.setHeader('Set-Cookie', await this.fillPage.saveDraft(shortCode, cookie, dto));
  }

  @Delete('draft')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: 'Start over: delete this browser’s draft' })
  @ApiNoContentResponse({ description: 'Deleted (or there was none)' })
  @ApiErrorResponses(404, 429)
  async discardDraft(
    @Param('short_code') shortCode: string,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    res.setHeader('Set-Cookie', await this.fillPage.discardDraft(shortCode, cookie));
  }

  @Post('submit')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Submit the form',
    description:
      'Validated on the server: known fields, types, required answers, one choice per select_one question, ' +
      'PNG signatures under 1 MB. 400 carries `fields: [{field_id, error}]`. 410 when the link expired, reached ' +
      "its response limit or its template was retired. This browser's draft is deleted.",
  })
  @ApiCreatedResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'received' } } } })
  @ApiErrorResponses(400, 404, 410, 413, 429)
  async submit(
    @Param('short_code') shortCode: string,
    @Body() dto: SubmitFormDto,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ status: 'received' }> {
    const { status, clearCookie } = await this.fillPage.submit(shortCode, dto, cookie);
    res.setHeader('Set-Cookie', clearCookie);
    return { status };
  }
}
