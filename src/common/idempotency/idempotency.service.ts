import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Repository } from 'typeorm';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { IdempotencyRecord } from './idempotency-record.entity';

export type IdempotencyClaim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

/** Stable JSON (sorted keys) so that key order in a retried body does not count as a different request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

@Injectable()
export class IdempotencyService {
  constructor(@InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>) {}

  /**
   * Takes the key atomically: a new (or expired, or abandoned in-flight) key is claimed; a completed one
   * is replayed; one still in flight is 409; one used with another request is 422.
   */
  async claim(apiKeyId: string, key: string, hash: string): Promise<IdempotencyClaim> {
    const claimed: unknown[] = await this.records.query(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, state, expires_at)
       VALUES ($1, $2, $3, 'in_flight', now() + interval '24 hours')
       ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, state = 'in_flight', response_status = NULL,
              response_body = NULL, expires_at = EXCLUDED.expires_at, created_at = now(), updated_at = now()
        WHERE idempotency_records.expires_at < now()
           OR (idempotency_records.state = 'in_flight' AND idempotency_records.updated_at < now() - interval '2 minutes')
       RETURNING 1`,
      [apiKeyId, key, hash],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const existing = await this.records.findOneBy({ apiKeyId, idempotencyKey: key });
    if (!existing) return this.claim(apiKeyId, key, hash);
    if (existing.requestHash !== hash) {
      throw new AppException(
        ErrorCode.IdempotencyMismatch,
        'this Idempotency-Key was already used with a different request: use a new key for a new request',
      );
    }
    if (existing.state === 'in_flight') {
      throw new AppException(
        ErrorCode.IdempotencyInFlight,
        'a request with this Idempotency-Key is still being processed: retry in a moment',
      );
    }
    return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
  }

  async complete(apiKeyId: string, key: string, status: number, body: unknown): Promise<void> {
    // save() merges into the existing row and runs the encrypting transformer on the body.
    await this.records.save({
      apiKeyId,
      idempotencyKey: key,
      state: 'completed',
      responseStatus: status,
      responseBody: (body ?? null) as Record<string, unknown> | null,
    });
  }

  /** The request failed: forget the key so that a retry runs afresh. */
  async release(apiKeyId: string, key: string): Promise<void> {
    await this.records.delete({ apiKeyId, idempotencyKey: key, state: 'in_flight' });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.records.createQueryBuilder().delete().where('expires_at < now()').execute();
    return result.affected ?? 0;
  }
}
