import type { Scope } from 'src/common/auth/scopes';

/** How long an entry is trusted when no change notice could reach this process (Redis lost, frozen or not yet heard). */
export const UNHEARD_TTL_MS = 1_000;
/** How long an entry is trusted while change notices arrive: bounds a notice lost without a broken connection. */
export const HEARD_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** An API key with its organization, as the lookup by hash reads it. */
export interface KeyRow {
  key_id: string;
  key_name: string;
  scopes: Scope[];
  revoked_at: Date | null;
  last_used_at: Date | null;
  org_id: string;
  org_name: string;
  partner_api_enabled: boolean;
  imports_daily_quota: number;
}

/** What a cached credential is invalidated by: its key's id and its organization's. */
export interface CredentialIds {
  keyId: string;
  orgId: string;
}

/** A change that makes cached credentials stale: a key (revoked) or an organization (disabled, renamed, new quota). */
export type CredentialChange = { keyId: string } | { orgId: string };

interface Entry<T> {
  value: T;
  ids: CredentialIds;
  storedAt: number;
}

/**
 * Resolved API keys by the SHA-256 of their secret (never the secret), for this process. Trust depends on whether
 * change notices can reach it: while the channel is heard from (a notice or a heartbeat within UNHEARD_TTL_MS) an
 * entry lives HEARD_TTL_MS or until a notice names its key or organization; otherwise UNHEARD_TTL_MS. So a
 * revocation takes effect within a second even when Redis is gone. Whenever the channel was not heard from, every
 * entry is dropped once it is heard again (a notice may have been missed). A lookup that started before a change
 * is not stored (`ticket`/`store`), so a read racing a revocation cannot put the revoked key back.
 */
export class ApiKeyCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private heardAt: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get(hash: string): T | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age < UNHEARD_TTL_MS || (age < HEARD_TTL_MS && this.heard())) return entry.value;
    this.entries.delete(hash);
    return undefined;
  }

  /** Taken before a lookup; `store` ignores the result when anything changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, hash: string, value: T, ids: CredentialIds): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { value, ids, storedAt: this.now() });
  }

  /** A change notice (or this process's own change): drops every entry it names. */
  invalidate(change: CredentialChange): void {
    this.generation++;
    for (const [hash, entry] of this.entries) {
      if ('keyId' in change ? entry.ids.keyId === change.keyId : entry.ids.orgId === change.orgId) {
        this.entries.delete(hash);
      }
    }
  }

  /** The channel answered (subscribed, a heartbeat, a notice). After a silence, entries may have missed a notice. */
  heardFrom(): void {
    const now = this.now();
    if (!this.heard()) this.clear();
    this.heardAt = now;
  }

  /** The channel is gone (connection closed): short lifetimes from now on, and nothing stored before survives. */
  lost(): void {
    this.heardAt = undefined;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private heard(): boolean {
    return this.heardAt !== undefined && this.now() - this.heardAt < UNHEARD_TTL_MS;
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
