import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';

/** A prefill value as stored (encrypted): protected health information. */
export interface PrefillValue {
  field_id: string;
  value: string | boolean;
  locked: boolean;
}

@Entity('fill_links')
@Index('idx_fill_links_org_created', ['orgId', 'createdAt'])
export class FillLink {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  templateId!: string;

  @Index({ unique: true })
  @Column('text')
  shortCode!: string;

  @Column('timestamptz', { nullable: true })
  expiresAt!: Date | null;

  /** 0 = unlimited. */
  @Column('integer')
  maxResponses!: number;

  /** Taken atomically at submit; never above maxResponses when that is set. */
  @Column('integer', { default: 0 })
  responseCount!: number;

  @Column('text', { nullable: true })
  externalRef!: string | null;

  /** Language of the patient page's own words ("en", "es"); null: the patient's browser decides. */
  @Column('text', { nullable: true })
  locale!: string | null;

  /** Where the done page sends the patient (an origin of the organization's fill_frame_ancestors); null: nowhere. */
  @Column('text', { nullable: true })
  redirectUrl!: string | null;

  @Column('bytea', { transformer: encryptedJson })
  values!: PrefillValue[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
