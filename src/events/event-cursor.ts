import { decodeKeysetCursor, encodeKeysetCursor } from 'src/common/pagination/keyset-cursor';

export interface EventKeyset {
  /** created_at as PostgreSQL text with microseconds (a JS Date would lose them and skip or repeat rows). */
  createdAt: string;
  id: string;
}

const MICROSECONDS_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Opaque keyset cursor over (created_at, event id), oldest first. */
export function encodeEventCursor(keyset: EventKeyset): string {
  return encodeKeysetCursor(keyset.createdAt, keyset.id);
}

export function decodeEventCursor(cursor: string): EventKeyset {
  const [createdAt, id] = decodeKeysetCursor(cursor, 'evt_', (at) => (MICROSECONDS_UTC.test(at) ? at : undefined));
  return { createdAt, id };
}
