import { MigrationInterface, QueryRunner } from 'typeorm';

/** Organizations' brand (display name, colour, logo) and the origins that may frame the fill page; fill links' redirect. */
export class OrganizationBrandEmbedding1795702641305 implements MigrationInterface {
  name = 'OrganizationBrandEmbedding1795702641305';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "fill_frame_ancestors" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "display_name" text`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "brand_color" text`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "logo" bytea`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "logo_type" text`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "logo_sha256" text`);
    await queryRunner.query(
      `CREATE INDEX "idx_organizations_logo_sha256" ON "organizations" ("logo_sha256") WHERE logo_sha256 IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "fill_links" ADD "redirect_url" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "fill_links" DROP COLUMN "redirect_url"`);
    await queryRunner.query(`DROP INDEX "public"."idx_organizations_logo_sha256"`);
    for (const column of ['logo_sha256', 'logo_type', 'logo', 'brand_color', 'display_name', 'fill_frame_ancestors']) {
      await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "${column}"`);
    }
  }
}
