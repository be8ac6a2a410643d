import { AppException } from 'src/common/errors/app.exception';
import { isRealInstant } from 'src/common/validation/text-and-time';

export interface DeliveryKeyset {
  /** created_at as PostgreSQL text with microseconds (a JS Date would lose them and skip rows). */
  createdAt: string;
  id: string;
}

/** Opaque keyset cursor over (created_at, delivery id), newest first. */
export function encodeDeliveryCursor(keyset: DeliveryKeyset): string {
  return Buffer.from(JSON.stringify([keyset.createdAt, keyset.id])).toString('base64url');
}

export function decodeDeliveryCursor(cursor: string): DeliveryKeyset {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !id.startsWith('dlv_')) throw new Error();
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(createdAt) || !isRealInstant(createdAt)) throw new Error();
    return { createdAt, id };
  } catch {
    throw AppException.validation('cursor is not a cursor this API returned: pass next_cursor unchanged');
  }
}
