import { Controller, Get, Header, Ip, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from 'src/common/auth/auth.decorators';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { SubmissionPdfService } from './submission-pdf.service';

@ApiTags('Submissions')
@Controller('files/submissions')
export class SignedFilesController {
  constructor(private readonly pdfs: SubmissionPdfService) {}

  @Get(':file')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiOperation({
    summary: 'Download a completed PDF through a signed link',
    description: 'No Authorization header: the signature is the credential. 403 when tampered with or expired.',
  })
  @ApiQuery({ name: 'expires', type: String })
  @ApiQuery({ name: 'sig', type: String })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'application/pdf', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses(401, 403, 404, 429)
  async download(
    @Param('file') file: string,
    @Query('expires') expires: string | undefined,
    @Query('sig') sig: string | undefined,
    @Ip() ip: string,
  ): Promise<StreamableFile> {
    const submissionId = file.replace(/\.pdf$/, '');
    const pdf = await this.pdfs.downloadSigned(submissionId, String(expires ?? ''), String(sig ?? ''), ip);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${submissionId}.pdf"`,
      length: pdf.length,
    });
  }
}
