import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { LogoType } from '../brand';

@Entity('organizations')
@Index('idx_organizations_logo_sha256', ['logoSha256'], { where: 'logo_sha256 IS NOT NULL' })
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

  /** Origins allowed to frame the fill page (CSP frame-ancestors, postMessage targets); none by default. */
  @Column('jsonb', { default: [] })
  fillFrameAncestors!: string[];

  /** The clinic's name as patients know it, shown on the fill page; null: none shown. */
  @Column('text', { nullable: true })
  displayName!: string | null;

  /** `#RRGGBB` with at least 4.5:1 contrast against white; null: the page's own colour. */
  @Column('text', { nullable: true })
  brandColor!: string | null;

  /** The logo's bytes (PNG, or SVG as sanitized); loaded only to serve it. */
  @Column('bytea', { nullable: true, select: false })
  logo!: Buffer | null;

  @Column('text', { nullable: true })
  logoType!: LogoType | null;

  /** SHA-256 of the logo's bytes: its URL, so a new logo is a new URL and an old one can be cached for a year. */
  @Column('text', { nullable: true })
  logoSha256!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
