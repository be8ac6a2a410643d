import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedString } from 'src/common/crypto/encrypted-column';

/** A partner's subscription. Deactivated, never deleted, so its delivery history stays readable. */
@Entity('webhooks')
@Index('idx_webhooks_org_active', ['orgId', 'createdAt'], { where: 'active' })
export class Webhook {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'pk_webhooks' })
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  url!: string;

  /** Subscribed event kinds; empty means every kind, including kinds added later. */
  @Column('jsonb')
  events!: string[];

  /** The `whsec_` signing secret, encrypted at rest; loaded only to sign. */
  @Column('bytea', { transformer: encryptedString, select: false })
  secret!: string;

  /** The secret a rotation replaced, encrypted; it signs beside `secret` until previousSecretExpiresAt. */
  @Column('bytea', { transformer: encryptedString, select: false, nullable: true })
  previousSecret!: string | null;

  @Column('timestamptz', { nullable: true })
  previousSecretExpiresAt!: Date | null;

  @Column('boolean', { default: true })
  active!: boolean;

  @Column('timestamptz', { nullable: true })
  deactivatedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
