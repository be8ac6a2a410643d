import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An editor link: a bearer credential for one template's editor page. Only the SHA-256 of the token is stored,
 * so the table cannot be replayed from a backup or a read-only leak.
 */
@Entity('editor_sessions')
@Index('idx_editor_sessions_template', ['templateId', 'createdAt'])
export class EditorSession {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  templateId!: string;

  @Index('uq_editor_sessions_token_sha256', { unique: true })
  @Column('char', { length: 64 })
  tokenSha256!: string;

  /** The API key that opened it; null when an internal admin did. */
  @Column('text', { nullable: true })
  createdByKeyId!: string | null;

  @Column('timestamptz')
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
