import type { SubmissionResponseDto, SubmissionSummaryDto } from './dto/submission.dto';
import type { Submission } from './entities/submission.entity';

export function toSubmissionSummary(s: Submission): SubmissionSummaryDto {
  return {
    submission_id: s.id,
    submitted_at: s.submittedAt.toISOString(),
    template_id: s.templateId,
    fill_link_id: s.fillLinkId,
    external_ref: s.externalRef,
    completed_pdf_status: s.completedPdfStatus,
  };
}

export function toSubmissionResponse(s: Submission, pdfSha256: string | null): SubmissionResponseDto {
  return {
    ...toSubmissionSummary(s),
    answers: s.answers,
    template_version: s.templateVersion,
    locale: s.locale,
    ...(pdfSha256 ? { completed_pdf_sha256: pdfSha256 } : {}),
  };
}
