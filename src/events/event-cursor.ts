import { AppException } from 'src/common/errors/app.exception';

export interface EventKeyset {
  /** created_at as PostgreSQL text with microseconds (a JS Date would lose them and skip or repeat rows). */
  createdAt: string;
  id: string;
}

const MICROSECONDS_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Opaque keyset cursor over (created_at, event id), oldest first. */
export function encodeEventCursor(keyset: EventKeyset): string {
  return Buffer.from(JSON.stringify([keyset.createdAt, keyset.id])).toString('base64url');
}

export function decodeEventCursor(cursor: string): EventKeyset {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !id.startsWith('evt_')) throw new Error();
    if (!MICROSECONDS_UTC.test(createdAt)) throw new Error();
    return { createdAt, id };
  } catch {
    throw AppException.validation('cursor is not a cursor this API returned: pass next_cursor unchanged');
  }
}
