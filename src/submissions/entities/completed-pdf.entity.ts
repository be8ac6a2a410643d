import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedBytes } from 'src/common/crypto/encrypted-column';

/** The frozen PDF of a submission: one per submission (primary key), so a doubled render job is harmless. */
@Entity('completed_pdfs')
export class CompletedPdf {
  @PrimaryColumn('text')
  submissionId!: string;

  @Column('bytea', { transformer: encryptedBytes })
  pdf!: Buffer;

  @Column('char', { length: 64 })
  sha256!: string;

  @Column('integer')
  sizeBytes!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
