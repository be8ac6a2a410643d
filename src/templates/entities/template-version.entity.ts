import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedBytes } from 'src/common/crypto/encrypted-column';
import type { PageBox } from '../page-boxes';
import { storedFields, type TemplateDetector, type TemplateField } from '../template-field';

/** One generation of a template's field map, with the source PDF it was detected from. */
@Entity('template_versions')
@Index('uq_template_versions_template_version', ['templateId', 'version'], { unique: true })
export class TemplateVersion {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  templateId!: string;

  @Column('integer')
  version!: number;

  /** The import it was detected by; null for a version written by an edit. */
  @Column('text', { nullable: true })
  importId!: string | null;

  @Column('text')
  detector!: TemplateDetector;

  @Column('integer')
  pageCount!: number;

  @Column('integer')
  fieldCount!: number;

  @Column('jsonb', { transformer: storedFields })
  fields!: TemplateField[];

  @Column('boolean')
  reviewRequired!: boolean;

  @Column('jsonb')
  reviewReasons!: string[];

  @Column('jsonb')
  warnings!: string[];

  /** Each page's visible box in PDF user space; null until first read (versions older than edits). */
  @Column('jsonb', { nullable: true })
  pageBoxes!: PageBox[] | null;

  /** When staff marked this version reviewed (POST /templates/{id}/review); null until then. */
  @Column('timestamptz', { nullable: true })
  reviewedAt!: Date | null;

  @Column('bytea', { transformer: encryptedBytes, select: false })
  sourcePdf!: Buffer;

  @Column('char', { length: 64 })
  sourcePdfSha256!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
