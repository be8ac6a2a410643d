import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';

/**
 * A partner's `Idempotency-Key`, per API key, for 24 hours. The stored response may carry prefill values,
 * so it is encrypted at rest.
 */
@Entity('idempotency_records')
@Index('idx_idempotency_expires', ['expiresAt'])
export class IdempotencyRecord {
  @PrimaryColumn('text')
  apiKeyId!: string;

  @PrimaryColumn('text')
  idempotencyKey!: string;

  /** SHA-256 of method, path and body: the same key with another request is refused. */
  @Column('char', { length: 64 })
  requestHash!: string;

  @Column('text')
  state!: 'in_flight' | 'completed';

  @Column('integer', { nullable: true })
  responseStatus!: number | null;

  @Column('bytea', { nullable: true, transformer: encryptedJson })
  responseBody!: Record<string, unknown> | null;

  @Column('timestamptz')
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
