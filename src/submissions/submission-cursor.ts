import { decodeKeysetCursor, encodeKeysetCursor } from 'src/common/pagination/keyset-cursor';
import { isRealInstant } from 'src/common/validation/text-and-time';

export interface Keyset {
  submittedAt: Date;
  id: string;
}

/** Opaque keyset cursor over (submitted_at, submission_id): stable under concurrent inserts, never an offset. */
export function encodeCursor(keyset: Keyset): string {
  return encodeKeysetCursor(keyset.submittedAt.toISOString(), keyset.id);
}

/** Only what encodeCursor writes: an instant PostgreSQL can hold, in toISOString's own form. */
function submittedAtOf(at: string): Date | undefined {
  if (!isRealInstant(at)) return undefined;
  const submittedAt = new Date(at);
  return submittedAt.toISOString() === at ? submittedAt : undefined;
}

export function decodeCursor(cursor: string): Keyset {
  const [submittedAt, id] = decodeKeysetCursor(cursor, 'sub_', submittedAtOf);
  return { submittedAt, id };
}
