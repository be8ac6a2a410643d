import type { DataSource, EntityManager } from 'typeorm';
import { encryptedBytes, encryptedJson } from 'src/common/crypto/encrypted-column';
import { rowsReturned } from 'src/database/raw-query';
import { insertEvent } from 'src/events/event-insert';
import type { Submission } from './entities/submission.entity';

/** What a render job needs of its submission. */
export type RenderClaim = Pick<
  Submission,
  'id' | 'orgId' | 'templateId' | 'templateVersionId' | 'externalRef' | 'answers' | 'signatures'
>;

type Db = Pick<EntityManager, 'query'>;

/**
 * Counts a render attempt and reads what the render needs, in one round trip; null when the submission is
 * gone or its PDF is frozen already (a doubled job). The sweeper gives up on a submission after its attempts.
 */
export async function claimRender(db: Db, submissionId: string): Promise<RenderClaim | null> {
  const [row] = await rowsReturned<{
    org_id: string;
    template_id: string;
    template_version_id: string;
    external_ref: string | null;
    answers: Buffer;
    signatures: Buffer;
  }>(
    db,
    `UPDATE submissions SET render_attempts = render_attempts + 1, updated_at = now()
      WHERE id = $1 AND completed_pdf_status <> 'ready'
      RETURNING org_id, template_id, template_version_id, external_ref, answers, signatures`,
    [submissionId],
  );
  if (!row) return null;
  return {
    id: submissionId,
    orgId: row.org_id,
    templateId: row.template_id,
    templateVersionId: row.template_version_id,
    externalRef: row.external_ref,
    answers: encryptedJson.from(row.answers) as Submission['answers'],
    signatures: encryptedJson.from(row.signatures) as Submission['signatures'],
  };
}

/**
 * Freezes a completed PDF in one transaction: stores it (encrypted, with its digest; the first job wins, the
 * completed_pdfs primary key makes a doubled job harmless), marks the submission ready, and records its
 * submission.pdf_ready event (events). False when another job froze it first (nothing is written then).
 */
export async function freezeCompletedPdf(
  dataSource: DataSource,
  frozen: { submissionId: string; pdf: Buffer; sha256: string },
  event: { id: string; data: Record<string, unknown> },
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const [ready] = await rowsReturned<{ org_id: string }>(
      manager,
      `WITH frozen AS (
         INSERT INTO completed_pdfs (submission_id, pdf, sha256, size_bytes) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING submission_id)
       UPDATE submissions SET completed_pdf_status = 'ready', updated_at = now()
         FROM frozen WHERE submissions.id = frozen.submission_id RETURNING submissions.org_id`,
      [frozen.submissionId, encryptedBytes.to(frozen.pdf) as Buffer, frozen.sha256, frozen.pdf.length],
    );
    if (!ready) return false;
    await insertEvent(manager, { id: event.id, orgId: ready.org_id, type: 'submission.pdf_ready', data: event.data });
    return true;
  });
}
