import type { EntityManager } from 'typeorm';
import { rowsReturned } from 'src/database/raw-query';

/**
 * Takes one response slot of a fill link inside the caller's transaction: false when none is left (the limit is
 * reached or the link expired). The row lock of the UPDATE holds until the transaction ends, so two patients
 * racing for the last slot cannot both win.
 */
export async function takeResponseSlot(db: Pick<EntityManager, 'query'>, fillLinkId: string): Promise<boolean> {
  const taken = await rowsReturned(
    db,
    `UPDATE fill_links SET response_count = response_count + 1, updated_at = now()
      WHERE id = $1 AND (max_responses = 0 OR response_count < max_responses)
        AND (expires_at IS NULL OR expires_at > now())
      RETURNING id`,
    [fillLinkId],
  );
  return taken.length === 1;
}
