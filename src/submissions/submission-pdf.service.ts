import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from 'src/audit/audit.service';
import type { Caller } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { runInSandbox } from 'src/pdf-sandbox';
import { TemplateVersionCache } from 'src/templates/template-version-cache';
import type { PdfLinkResponseDto } from './dto/submission.dto';
import { claimRender, freezeCompletedPdf } from './completed-pdf-writes';
import { CompletedPdf } from './entities/completed-pdf.entity';
import { Submission } from './entities/submission.entity';
import { PdfLinkSigner } from './pdf-link-signer';
import { submissionUrls, SubmissionsService } from './submissions.service';

const LINK_VALIDITY_S = 600;

/** The completed PDF: rendering and freezing it, serving it, and signed download links. */
@Injectable()
export class SubmissionPdfService {
  constructor(
    @InjectRepository(Submission) private readonly submissionRows: Repository<Submission>,
    @InjectRepository(CompletedPdf) private readonly pdfs: Repository<CompletedPdf>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionsService,
    private readonly versionCache: TemplateVersionCache,
    private readonly audit: AuditService,
    private readonly signer: PdfLinkSigner,
    private readonly settings: Settings,
  ) {}

  /** Renders the submission's PDF in the sandbox (never stored here). */
  async render(submission: Pick<Submission, 'templateVersionId' | 'answers' | 'signatures'>): Promise<Buffer> {
    const source = await this.versionCache.renderSource(submission.templateVersionId);
    if (!source) throw new Error(`template version ${submission.templateVersionId} is missing`);
    const signatures = Object.fromEntries(
      Object.entries(submission.signatures ?? {}).map(([id, b64]) => [id, Buffer.from(b64, 'base64')]),
    );
    const pdf = await runInSandbox(
      'render',
      { pdf: source.pdf, payload: { fields: source.fields, answers: submission.answers, signatures } },
      { timeoutMs: this.settings.PDF_PROCESSING_TIMEOUT_MS },
    );
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }

  /**
   * The rendering job: freezes the PDF once. Besides the render: claim (count
   * the attempt, read the answers) and freeze (PDF, status and event in one transaction).
   */
  async renderAndFreeze(submissionId: string): Promise<void> {
    const claim = await claimRender(this.dataSource, submissionId);
    if (!claim) return;
    const pdf = await this.render(claim);
    await freezeCompletedPdf(
      this.dataSource,
      { submissionId, pdf, sha256: createHash('sha256').update(pdf).digest('hex') },
      {
        id: newId('event'),
        data: {
          submission_id: submissionId,
          template_id: claim.templateId,
          external_ref: claim.externalRef,
          pdf_url: submissionUrls(this.settings, submissionId).pdf,
        },
      },
    );
  }

  /** The frozen PDF, or one rendered on demand while pending. Audited. */
  async download(caller: Caller, submissionId: string, ip: string | null): Promise<Buffer> {
    const submission = await this.submissions.findOwned(caller.org.id, submissionId, true);
    const frozen = await this.pdfs.findOneBy({ submissionId });
    const pdf = frozen?.pdf ?? (await this.render(submission));
    await this.audit.record({
      orgId: caller.org.id,
      submissionId,
      action: 'pdf.downloaded',
      apiKeyId: caller.keyId,
      ip,
    });
    return pdf;
  }

  async createLink(caller: Caller, submissionId: string, ip: string | null): Promise<PdfLinkResponseDto> {
    const submission = await this.submissions.findOwned(caller.org.id, submissionId);
    await this.audit.record({
      orgId: caller.org.id,
      submissionId,
      action: 'pdf_link.created',
      apiKeyId: caller.keyId,
      ip,
    });
    if (submission.completedPdfStatus !== 'ready') {
      throw new AppException(ErrorCode.PdfPending, 'completed PDF not frozen yet', {
        completed_pdf_status: 'pending',
        hint: `stream GET /submissions/${submissionId}/pdf instead`,
      });
    }
    const expires = Math.floor(Date.now() / 1000) + LINK_VALIDITY_S;
    const base = this.settings.PUBLIC_BASE_URL.replace(/\/+$/, '');
    return {
      url: `${base}/files/submissions/${submissionId}.pdf?expires=${expires}&sig=${this.signer.sign(submissionId, expires)}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** A download through a signed link: no API key, 403 when the signature is wrong or expired. Audited. */
  async downloadSigned(submissionId: string, expires: string, signature: string, ip: string | null): Promise<Buffer> {
    const expiresUnix = /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
    const valid = looksLikeId('submission', submissionId) && this.signer.verify(submissionId, expiresUnix, signature);
    if (!valid)
      throw new AppException(ErrorCode.Forbidden, 'this download link is invalid or has expired: ask for a new one');
    const frozen = await this.pdfs.findOneBy({ submissionId });
    const submission = await this.submissionRows.findOneBy({ id: submissionId });
    if (!frozen || !submission) throw AppException.notFound('completed PDF');
    await this.audit.record({
      orgId: submission.orgId,
      submissionId,
      action: 'pdf_link.downloaded',
      apiKeyId: null,
      ip,
    });
    return frozen.pdf;
  }
}
