import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Imports taken per organization per UTC day; incremented atomically with a conditional upsert. */
@Entity('import_quota_usage')
export class ImportQuotaUsage {
  @PrimaryColumn('text')
  orgId!: string;

  @PrimaryColumn('date')
  day!: string;

  @Column('integer')
  used!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
