import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Scope } from 'src/common/auth/scopes';
import { Organization } from './organization.entity';

@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn('text')
  id!: string;

  @Index()
  @Column('text')
  orgId!: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id' })
  org?: Organization;

  @Column('text')
  name!: string;

  @Column('text', { array: true })
  scopes!: Scope[];

  /** SHA-256 hex of the secret; the secret itself is never stored. */
  @Index({ unique: true })
  @Column('char', { length: 64 })
  keyHash!: string;

  @Column('text')
  displayPrefix!: string;

  @Column('timestamptz', { nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
