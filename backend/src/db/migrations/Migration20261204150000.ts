import { Migration } from '@mikro-orm/migrations';

/**
 * The never-approved V2MOMs (docs/PRODUCT.md#approval), a few of the company's: the figures kept
 * for the whole company take their methods and obstacles off for whoever does not read them.
 */
export class Migration20261204150000 extends Migration {

  override name = 'Migration20261204150000';

  override async up(): Promise<void> {
    await this.execute(`create index "v2mom_unpublished_index" on "v2mom" ("id") where "approval" is not null and "approved_at" is null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "v2mom_unpublished_index";`);
  }

}
