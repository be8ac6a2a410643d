import { AppException } from 'src/common/errors/app.exception';

/** Opaque keyset cursor: the sort key and the id of a page's last row, never an offset. */
export function encodeKeysetCursor(sortKey: string, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');
}

/**
 * The [sort key, id] of a cursor that encodeKeysetCursor wrote, with `idPrefix` ids; `read` checks the sort key (throws
 * or returns undefined when it is not one this API writes). Anything else is a 400 that says to pass it unchanged.
 */
export function decodeKeysetCursor<K>(
  cursor: string,
  idPrefix: string,
  read: (sortKey: string) => K | undefined,
): [K, string] {
  try {
    const [sortKey, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof sortKey !== 'string' || typeof id !== 'string' || !id.startsWith(idPrefix)) throw new Error();
    const key = read(sortKey);
    if (key === undefined) throw new Error();
    return [key, id];
  } catch {
    throw AppException.validation('cursor is not a cursor this API returned: pass next_cursor unchanged');
  }
}
