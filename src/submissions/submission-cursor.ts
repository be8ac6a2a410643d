import { AppException } from 'src/common/errors/app.exception';
import { isRealInstant } from 'src/common/validation/text-and-time';

export interface Keyset {
  submittedAt: Date;
  id: string;
}

/** Opaque keyset cursor over (submitted_at, submission_id): stable under concurrent inserts, never an offset. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.submittedAt.toISOString(), keyset.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    // Only what encodeCursor writes: an instant PostgreSQL can hold, in toISOString's own form.
    if (typeof at !== 'string' || !isRealInstant(at)) throw new Error();
    const submittedAt = new Date(at);
    if (typeof id !== 'string' || !id.startsWith('sub_') || submittedAt.toISOString() !== at) throw new Error();
    return { submittedAt, id };
  } catch {
    throw AppException.validation('cursor is not a cursor this API returned: pass next_cursor unchanged');
  }
}
