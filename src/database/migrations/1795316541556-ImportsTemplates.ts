import { MigrationInterface, QueryRunner } from 'typeorm';

export class ImportsTemplates1795316541556 implements MigrationInterface {
  name = 'ImportsTemplates1795316541556';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_records" ("api_key_id" text NOT NULL, "idempotency_key" text NOT NULL, "request_hash" character(64) NOT NULL, "state" text NOT NULL, "response_status" integer, "response_body" bytea, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee3d69fcb388adfafb2f74821bf" PRIMARY KEY ("api_key_id", "idempotency_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_idempotency_expires" ON "idempotency_records" ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" text NOT NULL, "org_id" text NOT NULL, "type" text NOT NULL, "data" jsonb NOT NULL, "dispatched_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_f37383a8691fb6bb3f6bf20889" ON "events" ("org_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_undispatched" ON "events" ("created_at") WHERE dispatched_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "import_quota_usage" ("org_id" text NOT NULL, "day" date NOT NULL, "used" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e35c674ed1d216b2c7d5e4416a4" PRIMARY KEY ("org_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "imports" ("id" text NOT NULL, "org_id" text NOT NULL, "api_key_id" text NOT NULL, "status" text NOT NULL, "filename" text NOT NULL, "title" text, "source_url" text, "staged_pdf" bytea, "template_id" text, "template_version" integer, "page_count" integer, "field_count" integer, "detector" text, "review_required" boolean, "review_reasons" jsonb, "warnings" jsonb, "error" text, "error_code" text, "attempts" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ea10c62f5eb1d75e83d8b5225db" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_imports_unfinished" ON "imports" ("status", "updated_at") WHERE status IN ('queued', 'processing')`,
    );
    await queryRunner.query(`CREATE INDEX "idx_imports_org_created" ON "imports" ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "template_versions" ("id" text NOT NULL, "template_id" text NOT NULL, "version" integer NOT NULL, "import_id" text NOT NULL, "detector" text NOT NULL, "page_count" integer NOT NULL, "field_count" integer NOT NULL, "fields" jsonb NOT NULL, "review_required" boolean NOT NULL, "review_reasons" jsonb NOT NULL, "warnings" jsonb NOT NULL, "source_pdf" bytea NOT NULL, "source_pdf_sha256" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cfc439255ca2725f4102c554d41" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_template_versions_template_version" ON "template_versions" ("template_id", "version") `,
    );
    await queryRunner.query(
      `CREATE TABLE "templates" ("id" text NOT NULL, "org_id" text NOT NULL, "title" text NOT NULL, "source_filename" text NOT NULL, "status" text NOT NULL DEFAULT 'active', "retired_at" TIMESTAMP WITH TIME ZONE, "latest_version" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_515948649ce0bbbe391de702ae5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_templates_org_created" ON "templates" ("org_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_templates_org_created"`);
    await queryRunner.query(`DROP TABLE "templates"`);
    await queryRunner.query(`DROP INDEX "public"."uq_template_versions_template_version"`);
    await queryRunner.query(`DROP TABLE "template_versions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_imports_org_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_imports_unfinished"`);
    await queryRunner.query(`DROP TABLE "imports"`);
    await queryRunner.query(`DROP TABLE "import_quota_usage"`);
    await queryRunner.query(`DROP INDEX "public"."idx_events_undispatched"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f37383a8691fb6bb3f6bf20889"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_expires"`);
    await queryRunner.query(`DROP TABLE "idempotency_records"`);
  }
}
