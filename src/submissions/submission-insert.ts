import type { DataSource } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';
import { insertEvent } from 'src/events/event-insert';
import { takeResponseSlot } from 'src/fill-links/response-slots';
import type { Submission } from './entities/submission.entity';

type NewSubmission = Pick<
  Submission,
  | 'id'
  | 'orgId'
  | 'templateId'
  | 'templateVersionId'
  | 'templateVersion'
  | 'fillLinkId'
  | 'externalRef'
  | 'locale'
  | 'answers'
  | 'signatures'
  | 'submittedAt'
>;

/**
 * The submit's whole write in one transaction: take a response slot (fill-links), insert the submission (its
 * answers and signatures encrypted as the entity's columns are) and record its submission.created event (events).
 * When no slot is left nothing is inserted and false is returned.
 */
export async function insertSubmissionWithEvent(
  dataSource: DataSource,
  row: NewSubmission,
  event: { id: string; data: Record<string, unknown> },
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    if (!(await takeResponseSlot(manager, row.fillLinkId))) return false;
    await manager.query(
      `INSERT INTO submissions (id, org_id, template_id, template_version_id, template_version, fill_link_id,
                                external_ref, locale, answers, signatures, completed_pdf_status, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11)`,
      [
        row.id,
        row.orgId,
        row.templateId,
        row.templateVersionId,
        row.templateVersion,
        row.fillLinkId,
        row.externalRef,
        row.locale,
        encryptedJson.to(row.answers) as Buffer,
        encryptedJson.to(row.signatures) as Buffer,
        row.submittedAt,
      ],
    );
    await insertEvent(manager, { id: event.id, orgId: row.orgId, type: 'submission.created', data: event.data });
    return true;
  });
}
