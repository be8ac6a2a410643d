import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { parse as parseCookie } from 'cookie';
import { createHash } from 'crypto';
import { LessThan, Repository } from 'typeorm';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { newId, randomBase62 } from 'src/common/ids/ids';
import { decodeSignature } from 'src/submissions/answer-validation';
import type { OpenFillLink } from 'src/fill-links/fill-links.service';
import type { DraftFormDto } from './draft-form.dto';
import { FillDraft, type DraftData } from './entities/fill-draft.entity';

/** A draft lives this long after its last save; then the purger deletes it and the page starts empty. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60_000;
/** The browser's half of a draft: a random token in an HttpOnly cookie scoped to the link's path. */
export const DRAFT_COOKIE = 'fill_draft';
const TOKEN_RE = /^[0-9A-Za-z]{32}$/;

/**
 * What one link may keep in drafts. Anyone with the link can save, without a cookie each time (a new draft per
 * save): forty saves of 1.4 MB stored 61.5 MB before these limits. A patient's draft with a signature is tens of KB.
 */
export const DRAFT_LIMITS = {
  /** Drafts of one link at once (one per browser: a family filling one link on a few devices). */
  perLink: 5,
  /** Stored bytes (encrypted) of one draft: answers up to 10 000 characters each and a signature under 1 MB. */
  bytesPerDraft: 2_000_000,
  /** Stored bytes of all the drafts of one link. */
  bytesPerLink: 4_000_000,
};

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The draft token from a Cookie header, or null: a malformed header or value is no draft, never an error. */
export function draftTokenFrom(cookieHeader: string | undefined): string | null {
  const token = cookieHeader ? parseCookie(cookieHeader)[DRAFT_COOKIE] : undefined;
  return token !== undefined && TOKEN_RE.test(token) ? token : null;
}

/**
 * Keeps only what the current field map could hold: known, non-locked fields with values of the right
 * shape. A draft is a convenience, not a record: anything odd is dropped rather than refused.
 */
function sanitize(open: OpenFillLink, dto: DraftFormDto): DraftData {
  const locked = new Set(open.link.values.filter((v) => v.locked).map((v) => v.field_id));
  const kinds = new Map(open.version.fields.map((f) => [f.fieldId, f.kind]));
  const answers: DraftData['answers'] = {};
  for (const [id, value] of Object.entries(dto.answers ?? {})) {
    const kind = kinds.get(id);
    if (!kind || kind === 'signature' || locked.has(id)) continue;
    if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= 10_000)) answers[id] = value;
  }
  const signatures: DraftData['signatures'] = {};
  for (const [id, value] of Object.entries(dto.signatures ?? {})) {
    // The submit's own check (a PNG under 1 MB), not just the data URL's prefix.
    if (kinds.get(id) === 'signature' && typeof decodeSignature(value) !== 'string') signatures[id] = value as string;
  }
  return { answers, signatures, step: dto.step ?? 0 };
}

/** Server-side drafts of the patient's page: saved as they go, resumed in the same browser, never a response. */
@Injectable()
export class FillDraftsService {
  constructor(@InjectRepository(FillDraft) private readonly drafts: Repository<FillDraft>) {}

  /** The draft of this browser for this link, or null (unknown, expired, or another link's token). */
  async load(open: OpenFillLink, token: string | null): Promise<{ id: string; data: DraftData } | null> {
    if (!token) return null;
    const row = await this.drafts.findOneBy({ tokenHash: hash(token), fillLinkId: open.link.id });
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return { id: row.id, data: row.data };
  }

  /**
   * Saves (or starts) this browser's draft; returns the token to keep in the cookie and when it lapses. Refuses a
   * draft over its size (413) and a new draft on a link that keeps its most drafts or bytes already (409): the
   * page goes on without saving, and nobody else's draft is dropped to make room. Refuses (409) to overwrite a
   * draft the page did not load (`dto.draft_id` is not its id): on a shared device the next person's page, or a
   * page opened without the cookie, would otherwise replace the stored answers with its first keystroke.
   */
  async save(
    open: OpenFillLink,
    token: string | null,
    dto: DraftFormDto,
  ): Promise<{ token: string; expiresAt: Date; id: string }> {
    const data = sanitize(open, dto);
    const expiresAt = new Date(Date.now() + DRAFT_TTL_MS);
    // What the encrypted column stores: the JSON plus a few dozen bytes of nonce and tag.
    const bytes = Buffer.byteLength(JSON.stringify(data)) + 64;
    if (bytes > DRAFT_LIMITS.bytesPerDraft) {
      throw new AppException(
        ErrorCode.PayloadTooLarge,
        `a draft holds at most ${DRAFT_LIMITS.bytesPerDraft} bytes; this one has ${bytes}`,
      );
    }
    return this.drafts.manager.transaction(async (manager) => {
      const drafts = manager.getRepository(FillDraft);
      // One link's saves one at a time, so two saves cannot both pass the limits.
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`fill-draft:${open.link.id}`]);
      const row = token ? await drafts.findOneBy({ tokenHash: hash(token), fillLinkId: open.link.id }) : null;
      if (row && row.id !== dto.draft_id) {
        throw new AppException(
          ErrorCode.Conflict,
          'this browser keeps a draft of this form that the page did not load; reload the page and choose ' +
            'Continue or Start over',
        );
      }
      const [usage] = await manager.query<{ count: number; bytes: string }[]>(
        `SELECT count(*)::int AS count, coalesce(sum(octet_length(data)), 0)::bigint AS bytes
           FROM fill_drafts WHERE fill_link_id = $1 AND expires_at > now() AND id <> $2`,
        [open.link.id, row?.id ?? ''],
      );
      if (!row && usage.count >= DRAFT_LIMITS.perLink) {
        throw new AppException(
          ErrorCode.Conflict,
          `this form link keeps at most ${DRAFT_LIMITS.perLink} unfinished drafts; submit or start over in one of them`,
        );
      }
      if (Number(usage.bytes) + bytes > DRAFT_LIMITS.bytesPerLink) {
        throw new AppException(
          ErrorCode.Conflict,
          `the drafts of this form link hold at most ${DRAFT_LIMITS.bytesPerLink} bytes; submit or start over`,
        );
      }
      if (row) {
        await drafts.update({ id: row.id }, { data, expiresAt });
        return { token: token!, expiresAt, id: row.id };
      }
      const fresh = randomBase62(32);
      const id = newId('fillDraft');
      await drafts.insert({
        id,
        fillLinkId: open.link.id,
        tokenHash: hash(fresh),
        data,
        expiresAt,
      });
      return { token: fresh, expiresAt, id };
    });
  }

  /** "Start over", and after a submit: the draft is gone for good. */
  async discard(fillLinkId: string, token: string | null): Promise<void> {
    if (token) await this.drafts.delete({ tokenHash: hash(token), fillLinkId });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.drafts.delete({ expiresAt: LessThan(new Date()) });
    return result.affected ?? 0;
  }
}
