import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { encryptedBytes } from 'src/common/crypto/encrypted-column';
import type { Detector } from 'src/detection/field-map';
import type { TemplateField } from '../template-field';

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

  @Column('text')
  importId!: string;

  @Column('text')
  detector!: Detector;

  @Column('integer')
  pageCount!: number;

  @Column('integer')
  fieldCount!: number;

  @Column('jsonb')
  fields!: TemplateField[];

  @Column('boolean')
  reviewRequired!: boolean;

  @Column('jsonb')
  reviewReasons!: string[];

  @Column('jsonb')
  warnings!: string[];

  @Column('bytea', { transformer: encryptedBytes, select: false })
  sourcePdf!: Buffer;

  @Column('char', { length: 64 })
  sourcePdfSha256!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
