import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AuditAction =
  | 'pdf.downloaded'
  | 'pdf_link.created'
  | 'pdf_link.downloaded'
  | 'template.edited'
  | 'template.reviewed'
  | 'editor_session.created';

/**
 * Who did what, with which credential, from where, and when: downloads of completed PDFs, and edits, reviews
 * and editor sessions of templates.
 */
@Entity('audit_log')
@Index('idx_audit_log_submission', ['submissionId', 'createdAt'])
@Index('idx_audit_log_template', ['templateId', 'createdAt'], { where: 'template_id IS NOT NULL' })
export class AuditLog {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column('text')
  orgId!: string;

  /** The submission whose PDF was touched; null for template actions. */
  @Column('text', { nullable: true })
  submissionId!: string | null;

  @Column('text')
  action!: AuditAction;

  /** The API key used; null for downloads through a signed link, editor sessions and internal admins. */
  @Column('text', { nullable: true })
  apiKeyId!: string | null;

  @Column('text', { nullable: true })
  ip!: string | null;

  /** Template actions: the template and the version written or reviewed. */
  @Column('text', { nullable: true })
  templateId!: string | null;

  @Column('integer', { nullable: true })
  templateVersion!: number | null;

  /** The editor session that acted (edits made in the editor page) or was created. */
  @Column('text', { nullable: true })
  editorSessionId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
