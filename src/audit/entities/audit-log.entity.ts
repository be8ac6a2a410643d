import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AuditAction = 'pdf.downloaded' | 'pdf_link.created' | 'pdf_link.downloaded';

/** Who touched a completed PDF, with which key, from where, and when. */
@Entity('audit_log')
@Index('idx_audit_log_submission', ['submissionId', 'createdAt'])
export class AuditLog {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  submissionId!: string;

  @Column('text')
  action!: AuditAction;

  /** The API key used; null for downloads through a signed link. */
  @Column('text', { nullable: true })
  apiKeyId!: string | null;

  @Column('text', { nullable: true })
  ip!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
