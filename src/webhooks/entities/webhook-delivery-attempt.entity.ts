import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';

export const ATTEMPT_OUTCOMES = ['delivered', 'retry', 'failed', 'interrupted'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** One HTTP attempt of a delivery: when, how long, the status code or transport error. Never the body. */
@Entity('webhook_delivery_attempts')
export class WebhookDeliveryAttempt {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'pk_webhook_delivery_attempts' })
  deliveryId!: string;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'CASCADE', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'fk_webhook_delivery_attempts_delivery' })
  delivery?: WebhookDelivery;

  /** 1-based; keeps counting across redeliveries. */
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'pk_webhook_delivery_attempts' })
  attempt!: number;

  @Column('timestamptz')
  attemptedAt!: Date;

  @Column('integer')
  durationMs!: number;

  @Column('integer', { nullable: true })
  statusCode!: number | null;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('text')
  outcome!: AttemptOutcome;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
