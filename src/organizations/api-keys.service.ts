import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { IsNull, Repository } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Caller } from 'src/common/auth/caller';
import type { Scope } from 'src/common/auth/scopes';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from 'src/common/crypto/api-key';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { looksLikeId, newId } from 'src/common/ids/ids';
import type { KeyRow } from './api-key-cache';
import { CredentialChanges } from './credential-changes';
import { ApiKey } from './entities/api-key.entity';
import { OrganizationsService } from './organizations.service';

const LAST_USED_RESOLUTION_MS = 60_000;

const KEY_BY_HASH_SQL = `SELECT k.id AS key_id, k.name AS key_name, k.scopes, k.revoked_at, k.last_used_at,
        o.id AS org_id, o.name AS org_name, o.partner_api_enabled, o.imports_daily_quota
   FROM api_keys k JOIN organizations o ON o.id = k.org_id
  WHERE k.key_hash = $1`;

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly organizations: OrganizationsService,
    private readonly changes: CredentialChanges,
  ) {}

  /** Creates a key; the plaintext is returned here and never again. */
  async create(orgId: string, name: string, scopes: Scope[]): Promise<{ key: ApiKey; plaintext: string }> {
    await this.organizations.get(orgId);
    const generated = generateApiKey();
    const key = await this.keys.save(
      this.keys.create({
        id: newId('apiKey'),
        orgId,
        name,
        scopes: [...new Set(scopes)],
        keyHash: generated.hash,
        displayPrefix: generated.displayPrefix,
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    return { key, plaintext: generated.plaintext };
  }

  async listForOrg(orgId: string): Promise<ApiKey[]> {
    await this.organizations.get(orgId);
    return this.keys.find({ where: { orgId }, order: { createdAt: 'DESC' } });
  }

  async revoke(keyId: string): Promise<ApiKey> {
    const key = looksLikeId('apiKey', keyId) ? await this.keys.findOneBy({ id: keyId }) : null;
    if (!key) throw AppException.notFound('API key');
    if (!key.revokedAt) {
      await this.keys.update({ id: keyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    }
    await this.changes.announce({ keyId });
    return (await this.keys.findOneBy({ id: keyId }))!;
  }

  /**
   * Resolves a bearer secret to its caller. Keys are cached in this process (CredentialChanges): a revocation or an
   * organization's change reaches every process through Redis at once, and within a second when Redis is lost.
   * Throws 401/403 AppExceptions.
   */
  async authenticate(secret: string): Promise<Caller> {
    if (!isWellFormedApiKey(secret)) throw this.unauthorized();
    const hash = hashApiKey(secret);
    const row = this.changes.cache.get(hash) ?? (await this.lookUp(hash));
    if (!row || row.revoked_at) throw this.unauthorized();
    if (!row.partner_api_enabled) {
      throw new AppException(
        ErrorCode.PartnerApiNotEnabled,
        'the Partner API is not enabled for this organization: ask your account contact to enroll it in the beta',
      );
    }
    this.touch(row);
    return {
      org: { id: row.org_id, name: row.org_name, importsDailyQuota: row.imports_daily_quota },
      keyId: row.key_id,
      keyName: row.key_name,
      scopes: row.scopes,
    };
  }

  /** A cache miss: the database, then the cache (unless a change was announced meanwhile). */
  private async lookUp(hash: string): Promise<KeyRow | undefined> {
    this.changes.listen();
    const ticket = this.changes.cache.ticket();
    const row = await this.findKeyByHash(hash);
    if (row && !row.revoked_at) {
      this.changes.cache.store(ticket, hash, row, { keyId: row.key_id, orgId: row.org_id });
    }
    return row;
  }

  /**
   * A cache miss of a partner request: a named prepared statement (parsed once per connection) on a
   * connection taken through the driver's public obtainMasterConnection(), skipping the per-query runner that
   * DataSource.query() builds (measured by `npm run bench:ping`).
   */
  private async findKeyByHash(hash: string): Promise<KeyRow | undefined> {
    const driver = this.keys.manager.connection.driver as PostgresDriver;
    const [client, release] = (await driver.obtainMasterConnection()) as [PoolClient, (error?: Error) => void];
    // The pool stops listening to a connection it lends out: a connection cut mid-query (PostgreSQL stopped) would
    // emit an unhandled 'error' and take the process down. The query rejects as well; that rejection is handled below.
    const ignoreCut = (): void => undefined;
    client.on('error', ignoreCut);
    try {
      const result = await client.query<KeyRow>({ name: 'api_key_by_hash', text: KEY_BY_HASH_SQL, values: [hash] });
      release();
      return result.rows[0];
    } catch (error) {
      // A connection whose query failed is discarded rather than reused.
      release(error as Error);
      throw error;
    } finally {
      client.removeListener('error', ignoreCut);
    }
  }

  /** Records last use at most once a minute per key, off the request path (the cached row remembers it). */
  private touch(row: KeyRow): void {
    const now = Date.now();
    if (row.last_used_at && now - row.last_used_at.getTime() < LAST_USED_RESOLUTION_MS) return;
    row.last_used_at = new Date(now);
    this.keys
      .query(
        `UPDATE api_keys SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [row.key_id],
      )
      .catch((err: unknown) => this.logger.warn({ err: String(err) }, 'could not record API key use'));
  }

  private unauthorized(): AppException {
    return new AppException(
      ErrorCode.Unauthorized,
      'missing, invalid or revoked API key: send "Authorization: Bearer edfk_live_..."',
    );
  }
}
