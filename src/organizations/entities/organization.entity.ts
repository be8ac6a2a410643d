import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('organizations')
export class Organization {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  @Column('boolean', { default: false })
  partnerApiEnabled!: boolean;

  @Column('integer')
  importsDailyQuota!: number;

  /** Origins allowed to frame the template editor page (CSP frame-ancestors); none by default. */
  @Column('jsonb', { default: [] })
  editorFrameAncestors!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
