import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook secret rotation (the previous secret, encrypted, and the end of its overlap) and the events feed's indexes. */
export class WebhookRotationEventsFeed1795700690175 implements MigrationInterface {
  name = 'WebhookRotationEventsFeed1795700690175';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "previous_secret" bytea`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_events_org_feed" ON "events" ("org_id", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_events_created" ON "events" ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_events_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_org_feed"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "previous_secret_expires_at"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "previous_secret"`);
  }
}
