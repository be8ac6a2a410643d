import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from 'src/common/ids/ids';
import { rowsReturned } from 'src/database/raw-query';
import { Event, type EventType } from './entities/event.entity';

/** The events feed promises at least this much history (decisions.md: 30 days). */
export const EVENT_RETENTION_DAYS = 30;
const PURGE_BATCH = 5_000;

/** An event claimed for dispatch (its subscribers are found by the webhooks module). */
export interface ClaimedEvent {
  id: string;
  orgId: string;
  type: string;
}

/**
 * The events outbox, the writer of the `events` table (plain functions of other modules record theirs with
 * insertEvent, event-insert.ts). Events are recorded with the transaction of the
 * change they report; the webhook dispatcher claims undispatched ones and marks them dispatched in its own.
 */
@Injectable()
export class EventsService {
  constructor(@InjectRepository(Event) private readonly events: Repository<Event>) {}

  async record(manager: EntityManager, orgId: string, type: EventType, data: Record<string, unknown>): Promise<Event> {
    // insert, not save: save first SELECTs the new id to choose between INSERT and UPDATE.
    const event = manager.create(Event, { id: newId('event'), orgId, type, data, dispatchedAt: null });
    await manager.insert(Event, event as QueryDeepPartialEntity<Event>);
    return event;
  }

  /** An event that reaches one known recipient only (the webhook test): recorded already dispatched. */
  async recordDispatched(
    manager: EntityManager,
    orgId: string,
    type: EventType,
    data: Record<string, unknown>,
  ): Promise<Event> {
    const event = await this.record(manager, orgId, type, data);
    await this.markDispatched(manager, [event.id]);
    return event;
  }

  /** Cheap check on the partial index before opening a claiming transaction. */
  async hasUndispatched(): Promise<boolean> {
    const rows: unknown[] = await this.events.query(
      `SELECT 1 FROM events WHERE dispatched_at IS NULL ORDER BY created_at LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Oldest undispatched events, locked for the caller's transaction; rows another claimer holds are skipped. */
  async claimUndispatched(manager: EntityManager, limit: number): Promise<ClaimedEvent[]> {
    const rows: { id: string; org_id: string; type: string }[] = await manager.query(
      `SELECT id, org_id, type FROM events WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1
         FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, type: r.type }));
  }

  async markDispatched(manager: EntityManager, eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(`UPDATE events SET dispatched_at = now(), updated_at = now() WHERE id = ANY($1)`, [eventIds]);
  }

  /** The event a delivery sends, or null when it is gone. */
  find(eventId: string): Promise<Event | null> {
    return this.events.findOneBy({ id: eventId });
  }

  /**
   * Deletes dispatched events older than the retention, in batches (a backlog after downtime never becomes one
   * long lock). Deliveries keep their rows; a redelivery of a purged event stops with "the event no longer exists".
   * Returns how many were deleted.
   */
  async purgeExpired(olderThanDays = EVENT_RETENTION_DAYS): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await rowsReturned(
        this.events,
        `DELETE FROM events WHERE id IN (
           SELECT id FROM events
            WHERE dispatched_at IS NOT NULL AND created_at < now() - $1::int * interval '1 day'
            LIMIT $2)
         RETURNING id`,
        [olderThanDays, PURGE_BATCH],
      );
      deleted += rows.length;
      if (rows.length < PURGE_BATCH) return deleted;
    }
  }
}
