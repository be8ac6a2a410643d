import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const EVENT_TYPES = [
  'import.completed',
  'import.failed',
  'submission.created',
  'submission.pdf_ready',
  'template.updated',
  'test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The transactional outbox: written in the same transaction as the state change it reports; the webhook
 * dispatcher claims undispatched rows and fans them out to subscriptions. Data holds ids and URLs only.
 */
@Entity('events')
@Index('idx_events_undispatched', ['createdAt'], { where: 'dispatched_at IS NULL' })
@Index('idx_events_org_feed', ['orgId', 'createdAt', 'id'])
@Index('idx_events_created', ['createdAt'])
export class Event {
  @PrimaryColumn('text')
  id!: string;

  @Index()
  @Column('text')
  orgId!: string;

  @Column('text')
  type!: EventType;

  @Column('jsonb')
  data!: Record<string, unknown>;

  @Column('timestamptz', { nullable: true })
  dispatchedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
