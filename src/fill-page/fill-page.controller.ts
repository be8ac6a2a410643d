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
import { fillPageCsp } from './fill-page-headers.middleware';
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
  async page(
    @Param('short_code') shortCode: string,
    @Query('lang') lang: unknown,
    @Query('resume') resume: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const page = await this.fillPage.page(shortCode, { lang, resume, acceptLanguage, cookie });
    allowFraming(res, page.frameAncestors);
    return page.html;
  }

  @Get('done')
  @Public()
  @UseFilters(FillPageHtmlFilter)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiExcludeEndpoint()
  async done(
    @Param('short_code') shortCode: string,
    @Query('lang') lang: unknown,
    @Query('submission_id') submissionId: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const page = await this.fillPage.confirmation(shortCode, { lang, acceptLanguage, submissionId });
    if (page.redirect) return res.redirect(303, page.redirect);
    allowFraming(res, page.frameAncestors);
    res.type('html').send(page.html);
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
  @ApiNoContentResponse({
    description: 'Saved; Set-Cookie carries the draft token, X-Draft-Id the id to send as draft_id next time',
    headers: { 'X-Draft-Id': { description: 'The saved draft’s id', schema: { type: 'string' } } },
  })
  @ApiErrorResponses(400, 404, 409, 410, 413, 429)
  async saveDraft(
    @Param('short_code') shortCode: string,
    @Headers('cookie') cookie: string | undefined,
    @Body() dto: DraftFormDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const saved = await this.fillPage.saveDraft(shortCode, cookie, dto);
    res.setHeader('Set-Cookie', saved.setCookie);
    res.setHeader('X-Draft-Id', saved.draftId);
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
  @ApiCreatedResponse({
    schema: { type: 'object', properties: { status: { type: 'string', example: 'received' } } },
    headers: {
      'X-Submission-Id': {
        description: "The submission's id, for the page's edform:submitted message and the link's redirect_url",
        schema: { type: 'string', example: 'sub_4mN8qR2tV6xZ1bC5dF9gH3' },
      },
    },
  })
  @ApiErrorResponses(400, 404, 410, 413, 429)
  async submit(
    @Param('short_code') shortCode: string,
    @Body() dto: SubmitFormDto,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ status: 'received' }> {
    const { status, submissionId, clearCookie } = await this.fillPage.submit(shortCode, dto, cookie);
    res.setHeader('Set-Cookie', clearCookie);
    // A header, so the body stays decisions.md's {"status": "received"}.
    res.setHeader(SUBMISSION_ID_HEADER, submissionId);
    return { status };
  }
}

export const SUBMISSION_ID_HEADER = 'X-Submission-Id';

/**
 * The organization's fill_frame_ancestors as the page's CSP frame-ancestors ('none' when it lists none). Helmet's
 * X-Frame-Options would refuse the partner's frame in browsers that predate frame-ancestors, so it goes then.
 */
function allowFraming(res: Response, ancestors: string[]): void {
  res.setHeader('Content-Security-Policy', fillPageCsp(ancestors));
  if (ancestors.length) res.removeHeader('X-Frame-Options');
}
