import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';

/** What a draft holds: the answers typed so far and drawn signatures (PNG data URLs). Encrypted at rest. */
export interface DraftData {
  answers: Record<string, string | boolean>;
  signatures: Record<string, string>;
  /** The step the patient was on, so a resumed page opens there. */
  step: number;
}

/**
 * A patient's unfinished answers for one fill link in one browser (the browser holds the token in an HttpOnly
 * cookie; only its SHA-256 is stored). Never a response: it is deleted on submit and after 7 days.
 */
@Entity('fill_drafts')
export class FillDraft {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  fillLinkId!: string;

  @Index('uq_fill_drafts_token_hash', { unique: true })
  @Column('char', { length: 64 })
  tokenHash!: string;

  @Column('bytea', { transformer: encryptedJson })
  data!: DraftData;

  @Index('idx_fill_drafts_expires')
  @Column('timestamptz')
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
