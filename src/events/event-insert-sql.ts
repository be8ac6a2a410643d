import type { EventType } from './entities/event.entity';

/**
 * The INSERT that records one `type` event per row of `source` (a CTE with an org_id column), for a write that
 * must stay a single statement: the event commits with the change it reports, as EventsService.record does in
 * a transaction. `idParam` and `dataParam` are the statement's placeholders ("$5") for the id and the JSON data.
 */
export function insertEventFromRows(source: string, type: EventType, idParam: string, dataParam: string): string {
  return `INSERT INTO events (id, org_id, type, data, dispatched_at)
       SELECT ${idParam}, ${source}.org_id, '${type}', ${dataParam}::jsonb, NULL FROM ${source}`;
}
