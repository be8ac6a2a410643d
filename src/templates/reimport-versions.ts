import type { EntityManager } from 'typeorm';
import { TemplateVersion } from './entities/template-version.entity';
import { carryOver, type CarryOverResult } from './reimport-carry-over';
import type { TemplateField } from './template-field';

export interface ReimportOutcome extends CarryOverResult {
  /** The previous version's review, kept when every edit found its field (nothing staff touched changed). */
  reviewedAt: Date | null;
}

/**
 * A re-import's fields with staff's edits carried over from version `previous` (the latest before it), read against
 * the last version detection made (edits keep field ids, so its fields are the edited ones before staff's changes).
 * Runs in the import's transaction, under the template's lock.
 */
export async function carryOverFromPrevious(
  manager: EntityManager,
  templateId: string,
  previous: number,
  incoming: TemplateField[],
  newQuestionId: () => string,
): Promise<ReimportOutcome> {
  const versions = manager.getRepository(TemplateVersion);
  const latest = await versions.findOneBy({ templateId, version: previous });
  if (!latest) return { fields: incoming, carriedOver: 0, reasons: [], reviewedAt: null };
  const detected =
    latest.importId !== null
      ? latest
      : await versions
          .createQueryBuilder('v')
          .where('v.template_id = :templateId AND v.version < :previous AND v.import_id IS NOT NULL', {
            templateId,
            previous,
          })
          .orderBy('v.version', 'DESC')
          .getOne();
  const result = carryOver({ detected: detected?.fields ?? [], latest: latest.fields, incoming }, newQuestionId);
  return { ...result, reviewedAt: result.reasons.length === 0 ? latest.reviewedAt : null };
}
