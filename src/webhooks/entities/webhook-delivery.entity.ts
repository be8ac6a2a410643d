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
import { Webhook } from './webhook.entity';

/**
 * pending: waiting for `next_attempt_at`; delivering: an attempt is in flight (leased until `locked_until`);
 * delivered: a 2xx; failed: permanent refusal or attempts used up; cancelled: the webhook was deactivated.
 */
export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event for one subscription. PostgreSQL is the record of each delivery; the Bull job is only its timer.
 * The id is the `X-Service-Delivery-Id`, created once and sent unchanged on every attempt.
 */
@Entity('webhook_deliveries')
@Index('uq_webhook_deliveries_event_webhook', ['eventId', 'webhookId'], { unique: true })
@Index('idx_webhook_deliveries_webhook_created', ['webhookId', 'createdAt', 'id'])
@Index('idx_webhook_deliveries_due', ['nextAttemptAt'], { where: `status = 'pending'` })
@Index('idx_webhook_deliveries_leased', ['lockedUntil'], { where: `status = 'delivering'` })
export class WebhookDelivery {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'pk_webhook_deliveries' })
  id!: string;

  @Column('text')
  webhookId!: string;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'webhook_id', foreignKeyConstraintName: 'fk_webhook_deliveries_webhook' })
  webhook?: Webhook;

  @Column('text')
  orgId!: string;

  @Column('text')
  eventId!: string;

  @Column('text')
  eventType!: string;

  @Column('text')
  status!: DeliveryStatus;

  /** Attempts made (and started) so far. */
  @Column('integer', { default: 0 })
  attempts!: number;

  /** WEBHOOK_MAX_ATTEMPTS when created; 1 for a test event; raised by one for a redelivery. */
  @Column('integer')
  maxAttempts!: number;

  @Column('timestamptz', { nullable: true })
  nextAttemptAt!: Date | null;

  /** Lease of the attempt in flight: a worker that dies mid-attempt is noticed when it runs out. */
  @Column('timestamptz', { nullable: true })
  lockedUntil!: Date | null;

  @Column('timestamptz', { nullable: true })
  lastAttemptAt!: Date | null;

  @Column('integer', { nullable: true })
  lastStatusCode!: number | null;

  @Column('text', { nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
