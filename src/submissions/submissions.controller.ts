import { Controller, Get, Header, Ip, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller, CallerOrg } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { ErrorResponseDto } from 'src/common/openapi/error-response.dto';
import {
  ListSubmissionsQueryDto,
  PdfLinkResponseDto,
  SubmissionListResponseDto,
  SubmissionResponseDto,
} from './dto/submission.dto';
import { SubmissionPdfService } from './submission-pdf.service';
import { SubmissionsService } from './submissions.service';

function pdfFile(pdf: Buffer, submissionId: string): StreamableFile {
  return new StreamableFile(pdf, {
    type: 'application/pdf',
    disposition: `attachment; filename="${submissionId}.pdf"`,
    length: pdf.length,
  });
}

@ApiTags('Submissions')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/submissions')
export class SubmissionsController {
  constructor(
    private readonly submissions: SubmissionsService,
    private readonly pdfs: SubmissionPdfService,
  ) {}

  @Get()
  @RequireScopes('submissions:read')
  @ApiOperation({
    summary: 'List submissions, newest first',
    description:
      'Scope: submissions:read. Summaries only (no answers). Follow `next_cursor` until it is absent. ' +
      '`submitted_since` is inclusive: use it to reconcile after missed webhooks.',
  })
  @ApiOkResponse({ type: SubmissionListResponseDto })
  @ApiErrorResponses(400)
  list(@CurrentOrg() org: CallerOrg, @Query() query: ListSubmissionsQueryDto): Promise<SubmissionListResponseDto> {
    return this.submissions.list(org, query);
  }

  @Get(':submission_id')
  @RequireScopes('submissions:read')
  @ApiOperation({ summary: 'A submission with its answers', description: 'Scope: submissions:read.' })
  @ApiOkResponse({ type: SubmissionResponseDto })
  @ApiErrorResponses(404)
  get(@CurrentOrg() org: CallerOrg, @Param('submission_id') id: string): Promise<SubmissionResponseDto> {
    return this.submissions.get(org, id);
  }

  @Get(':submission_id/pdf')
  @RequireScopes('submissions:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The completed PDF',
    description: 'Scope: submissions:read. The PDF frozen at submission, or rendered on demand while pending.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'application/pdf', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses(404)
  async pdf(
    @CurrentCaller() caller: Caller,
    @Param('submission_id') id: string,
    @Ip() ip: string,
  ): Promise<StreamableFile> {
    return pdfFile(await this.pdfs.download(caller, id, ip), id);
  }

  @Get(':submission_id/pdf-link')
  @RequireScopes('submissions:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A signed download URL for the frozen PDF (about 10 minutes)',
    description:
      'Scope: submissions:read. The URL is a bearer credential for that one document. 409 PDF_PENDING while the ' +
      'PDF is not frozen yet: stream GET /submissions/{id}/pdf instead. Every call is audit-logged.',
  })
  @ApiOkResponse({ type: PdfLinkResponseDto })
  @ApiConflictResponse({ description: 'PDF_PENDING', type: ErrorResponseDto })
  @ApiErrorResponses(404)
  pdfLink(
    @CurrentCaller() caller: Caller,
    @Param('submission_id') id: string,
    @Ip() ip: string,
  ): Promise<PdfLinkResponseDto> {
    return this.pdfs.createLink(caller, id, ip);
  }
}
