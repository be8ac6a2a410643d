import { MigrationInterface, QueryRunner } from 'typeorm';

/** Drafts of the patient's page (encrypted, tied to a link and a browser), and the page language on links and submissions. */
export class FillDraftsLocale1795395898769 implements MigrationInterface {
  name = 'FillDraftsLocale1795395898769';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fill_drafts" ("id" text NOT NULL, "fill_link_id" text NOT NULL, "token_hash" char(64) NOT NULL, "data" bytea NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_fill_drafts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_fill_drafts_token_hash" ON "fill_drafts" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "idx_fill_drafts_expires" ON "fill_drafts" ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "fill_drafts" ADD CONSTRAINT "fk_fill_drafts_fill_link" FOREIGN KEY ("fill_link_id") REFERENCES "fill_links"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "fill_links" ADD "locale" text`);
    await queryRunner.query(`ALTER TABLE "submissions" ADD "locale" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "submissions" DROP COLUMN "locale"`);
    await queryRunner.query(`ALTER TABLE "fill_links" DROP COLUMN "locale"`);
    await queryRunner.query(`DROP TABLE "fill_drafts"`);
  }
}
