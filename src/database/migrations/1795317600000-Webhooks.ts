import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook subscriptions, their deliveries (one per event and subscription) and every delivery attempt. */
export class Webhooks1795317600000 implements MigrationInterface {
  name = 'Webhooks1795317600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" text NOT NULL, "org_id" text NOT NULL, "url" text NOT NULL, "events" jsonb NOT NULL, "secret" bytea NOT NULL, "active" boolean NOT NULL DEFAULT true, "deactivated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_webhooks" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhooks_org_active" ON "webhooks" ("org_id", "created_at") WHERE active`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" text NOT NULL, "webhook_id" text NOT NULL, "org_id" text NOT NULL, "event_id" text NOT NULL, "event_type" text NOT NULL, "status" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "max_attempts" integer NOT NULL, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "locked_until" TIMESTAMP WITH TIME ZONE, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "last_error" text, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_webhook_deliveries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_deliveries_event_webhook" ON "webhook_deliveries" ("event_id", "webhook_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_webhook_created" ON "webhook_deliveries" ("webhook_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_leased" ON "webhook_deliveries" ("locked_until") WHERE status = 'delivering'`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_delivery_attempts" ("delivery_id" text NOT NULL, "attempt" integer NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "duration_ms" integer NOT NULL, "status_code" integer, "error" text, "outcome" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_webhook_delivery_attempts" PRIMARY KEY ("delivery_id", "attempt"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_webhook" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "fk_webhook_delivery_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "fk_webhook_delivery_attempts_delivery"`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_webhook"`);
    await queryRunner.query(`DROP TABLE "webhook_delivery_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_leased"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_webhook_created"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_deliveries_event_webhook"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhooks_org_active"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
