import type { EntityManager } from 'typeorm';
import type { EventType } from './entities/event.entity';

/** An event to record, its id minted by the caller (it is also the delivery's deduplication root). */
export interface NewEvent {
  id: string;
  orgId: string;
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Records an event inside the caller's transaction (`db` is its EntityManager), so the event commits with the
 * change it reports: the outbox's writer for code that holds a transaction but no EventsService (plain functions
 * of other modules). One plain INSERT, no entity metadata walked.
 */
export async function insertEvent(db: Pick<EntityManager, 'query'>, event: NewEvent): Promise<void> {
  await db.query(`INSERT INTO events (id, org_id, type, data, dispatched_at) VALUES ($1, $2, $3, $4::jsonb, NULL)`, [
    event.id,
    event.orgId,
    event.type,
    JSON.stringify(event.data),
  ]);
}
