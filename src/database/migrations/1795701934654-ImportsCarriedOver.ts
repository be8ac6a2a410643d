import { MigrationInterface, QueryRunner } from 'typeorm';

/** Re-imports keep staff's edits: how many fields of the new version took them over. */
export class ImportsCarriedOver1795701934654 implements MigrationInterface {
  name = 'ImportsCarriedOver1795701934654';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "imports" ADD "carried_over" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "imports" DROP COLUMN "carried_over"`);
  }
}
