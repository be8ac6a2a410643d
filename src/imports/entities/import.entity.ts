import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedBytes } from 'src/common/crypto/encrypted-column';
import type { Detector } from '../../shared/field-map';

export type ImportStatus = 'queued' | 'processing' | 'succeeded' | 'failed';

@Entity('imports')
@Index('idx_imports_org_created', ['orgId', 'createdAt'])
@Index('idx_imports_unfinished', ['status', 'updatedAt'], { where: `status IN ('queued', 'processing')` })
export class Import {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  apiKeyId!: string;

  @Column('text')
  status!: ImportStatus;

  @Column('text')
  filename!: string;

  @Column('text', { nullable: true })
  title!: string | null;

  /** `pdf_url` imports: fetched by the worker. */
  @Column('text', { nullable: true })
  sourceUrl!: string | null;

  /** The uploaded (or fetched) PDF until detection finishes; the template version keeps it after that. */
  @Column('bytea', { nullable: true, transformer: encryptedBytes, select: false })
  stagedPdf!: Buffer | null;

  /** Re-import target, or the template created on success. */
  @Column('text', { nullable: true })
  templateId!: string | null;

  @Column('integer', { nullable: true })
  templateVersion!: number | null;

  @Column('integer', { nullable: true })
  pageCount!: number | null;

  @Column('integer', { nullable: true })
  fieldCount!: number | null;

  @Column('text', { nullable: true })
  detector!: Detector | null;

  @Column('boolean', { nullable: true })
  reviewRequired!: boolean | null;

  @Column('jsonb', { nullable: true })
  reviewReasons!: string[] | null;

  @Column('jsonb', { nullable: true })
  warnings!: string[] | null;

  /** Re-imports: how many fields of the new version took over staff's edits; null for a first import. */
  @Column('integer', { nullable: true })
  carriedOver!: number | null;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('text', { nullable: true })
  errorCode!: string | null;

  @Column('integer', { default: 0 })
  attempts!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
