import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';

export type Answers = Record<string, string | boolean>;
/** field id -> PNG bytes in base64 (kept as text inside the encrypted JSON). */
export type StoredSignatures = Record<string, string>;
export type CompletedPdfStatus = 'pending' | 'ready';

@Entity('submissions')
@Index('idx_submissions_org_keyset', ['orgId', 'submittedAt', 'id'])
@Index('idx_submissions_pending', ['updatedAt'], { where: `completed_pdf_status = 'pending'` })
export class Submission {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  templateId!: string;

  @Column('text')
  templateVersionId!: string;

  @Column('integer')
  templateVersion!: number;

  @Column('text')
  fillLinkId!: string;

  @Column('text', { nullable: true })
  externalRef!: string | null;

  /** The language the patient's page was in when they submitted ("en", "es"). */
  @Column('text', { nullable: true })
  locale!: string | null;

  /** Every non-signature field of the version, typed per kind. Protected health information. */
  @Column('bytea', { transformer: encryptedJson, select: false })
  answers!: Answers;

  @Column('bytea', { transformer: encryptedJson, select: false })
  signatures!: StoredSignatures;

  @Column('text', { default: 'pending' })
  completedPdfStatus!: CompletedPdfStatus;

  @Column('integer', { default: 0 })
  renderAttempts!: number;

  /** Millisecond precision (set by the service), so keyset cursors round-trip exactly. */
  @Column('timestamptz')
  submittedAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
