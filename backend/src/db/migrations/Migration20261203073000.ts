import { Migration } from '@mikro-orm/migrations';

/**
 * A method's confidence, 1 to 10, apart from its status (docs/PRODUCT.md#confidence): the method
 * holds its current one and the one before, each check-in the values after and before it and the
 * reason given for a drop.
 */
export class Migration20261203073000 extends Migration {

  override name = 'Migration20261203073000';

  override async up(): Promise<void> {
    await this.execute(`alter table "method" add column "confidence" smallint null, add column "previous_confidence" smallint null;`);
    await this.execute(`alter table "check_in" add column "confidence" smallint null, add column "prev_confidence" smallint null, add column "confidence_reason" text null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "check_in" drop column "confidence", drop column "prev_confidence", drop column "confidence_reason";`);
    await this.execute(`alter table "method" drop column "confidence", drop column "previous_confidence";`);
  }

}
