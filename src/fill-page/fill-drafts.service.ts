import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { parse as parseCookie } from 'cookie';
import { createHash } from 'crypto';
import { LessThan, Repository } from 'typeorm';
import { newId, randomBase62 } from 'src/common/ids/ids';
import type { OpenFillLink } from 'src/fill-links/fill-links.service';
import type { DraftFormDto } from './draft-form.dto';
import { FillDraft, type DraftData } from './entities/fill-draft.entity';

/** A draft lives this long after its last save; then the purger deletes it and the page starts empty. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60_000;
/** The browser's half of a draft: a random token in an HttpOnly cookie scoped to the link's path. */
export const DRAFT_COOKIE = 'fill_draft';
const TOKEN_RE = /^[0-9A-Za-z]{32}$/;

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
    if (kinds.get(id) !== 'signature' || typeof value !== 'string') continue;
    if (value.startsWith('data:image/png;base64,') && value.length <= 1_400_000) signatures[id] = value;
  }
  return { answers, signatures, step: dto.step ?? 0 };
}

/** Server-side drafts of the patient's page: saved as they go, resumed in the same browser, never a response. */
@Injectable()
export class FillDraftsService {
  constructor(@InjectRepository(FillDraft) private readonly drafts: Repository<FillDraft>) {}

  /** The draft of this browser for this link, or null (unknown, expired, or another link's token). */
  async load(open: OpenFillLink, token: string | null): Promise<DraftData | null> {
    if (!token) return null;
    const row = await this.drafts.findOneBy({ tokenHash: hash(token), fillLinkId: open.link.id });
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row.data;
  }

  /** Saves (or starts) this browser's draft; returns the token to keep in the cookie and when it lapses. */
  async save(open: OpenFillLink, token: string | null, dto: DraftFormDto): Promise<{ token: string; expiresAt: Date }> {
    const data = sanitize(open, dto);
    const expiresAt = new Date(Date.now() + DRAFT_TTL_MS);
    if (token) {
      const row = await this.drafts.findOneBy({ tokenHash: hash(token), fillLinkId: open.link.id });
      if (row) {
        await this.drafts.update({ id: row.id }, { data, expiresAt });
        return { token, expiresAt };
      }
    }
    const fresh = randomBase62(32);
    await this.drafts.insert({
      id: newId('fillDraft'),
      fillLinkId: open.link.id,
      tokenHash: hash(fresh),
      data,
      expiresAt,
    });
    return { token: fresh, expiresAt };
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
