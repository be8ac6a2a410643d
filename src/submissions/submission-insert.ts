import type { EntityManager } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';
import { insertEventFromRows } from 'src/events/event-insert-sql';
import { TAKE_RESPONSE_SLOT_SQL } from 'src/fill-links/fill-links.service';
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
 * The submit's whole write as one statement: take a response slot, insert the submission (its answers and
 * signatures encrypted as the entity's columns are) and its submission.created event. A single statement is
 * atomic without BEGIN/COMMIT: one round trip instead of five on the busiest write of the service. When no
 * slot is left nothing is inserted and false is returned.
 */
export async function insertSubmissionWithEvent(
  db: Pick<EntityManager, 'query'>,
  row: NewSubmission,
  event: { id: string; data: Record<string, unknown> },
): Promise<boolean> {
  const inserted: unknown[] = await db.query(
    `WITH slot AS (${TAKE_RESPONSE_SLOT_SQL}),
     submission AS (
       INSERT INTO submissions (id, org_id, template_id, template_version_id, template_version, fill_link_id,
                                external_ref, locale, answers, signatures, completed_pdf_status, submitted_at)
       SELECT $2, $3, $4, $5, $6, slot.id, $7, $8, $9, $10, 'pending', $11 FROM slot
       RETURNING id, org_id),
     event AS (${insertEventFromRows('submission', 'submission.created', '$12', '$13')})
     SELECT id FROM submission`,
    [
      row.fillLinkId,
      row.id,
      row.orgId,
      row.templateId,
      row.templateVersionId,
      row.templateVersion,
      row.externalRef,
      row.locale,
      encryptedJson.to(row.answers) as Buffer,
      encryptedJson.to(row.signatures) as Buffer,
      row.submittedAt,
      event.id,
      JSON.stringify(event.data),
    ],
  );
  return inserted.length === 1;
}
