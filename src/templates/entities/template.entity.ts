import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('templates')
@Index('idx_templates_org_created', ['orgId', 'createdAt'])
export class Template {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  orgId!: string;

  @Column('text')
  title!: string;

  @Column('text')
  sourceFilename!: string;

  @Column('text', { default: 'active' })
  status!: 'active' | 'retired';

  @Column('timestamptz', { nullable: true })
  retiredAt!: Date | null;

  /** Number of the newest version (versions start at 1). */
  @Column('integer')
  latestVersion!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
