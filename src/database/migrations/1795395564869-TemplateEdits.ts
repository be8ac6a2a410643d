import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Template review and edits: page boxes and review state per version, edited versions without an import,
 * editor sessions (stored as token hashes), editor frame ancestors per organization, and audit rows about
 * templates as well as submissions.
 */
export class TemplateEdits1795395564869 implements MigrationInterface {
  name = 'TemplateEdits1795395564869';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "template_versions" ADD "page_boxes" jsonb`);
    await queryRunner.query(`ALTER TABLE "template_versions" ADD "reviewed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "template_versions" ALTER COLUMN "import_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "editor_frame_ancestors" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "submission_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "template_id" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "template_version" integer`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "editor_session_id" text`);
    await queryRunner.query(
      `CREATE INDEX "idx_audit_log_template" ON "audit_log" ("template_id", "created_at") WHERE template_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "editor_sessions" ("id" text NOT NULL, "org_id" text NOT NULL, "template_id" text NOT NULL, "token_sha256" character(64) NOT NULL, "created_by_key_id" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_editor_sessions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_editor_sessions_token_sha256" ON "editor_sessions" ("token_sha256") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_editor_sessions_template" ON "editor_sessions" ("template_id", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_editor_sessions_template"`);
    await queryRunner.query(`DROP INDEX "public"."uq_editor_sessions_token_sha256"`);
    await queryRunner.query(`DROP TABLE "editor_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_audit_log_template"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "editor_session_id"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "template_version"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "template_id"`);
    await queryRunner.query(`UPDATE "audit_log" SET "submission_id" = '' WHERE "submission_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "submission_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "editor_frame_ancestors"`);
    await queryRunner.query(`UPDATE "template_versions" SET "import_id" = '' WHERE "import_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "template_versions" ALTER COLUMN "import_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "template_versions" DROP COLUMN "reviewed_at"`);
    await queryRunner.query(`ALTER TABLE "template_versions" DROP COLUMN "page_boxes"`);
  }
}
