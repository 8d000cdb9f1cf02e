import { Migration } from '@mikro-orm/migrations';

/**
 * Team Status lists a department's methods latest change first (docs/PRODUCT.md#team-status-screen):
 * the page is a range of an index on (updated_at, id), read backwards, however many methods there are.
 */
export class Migration20261202233000 extends Migration {

  override name = 'Migration20261202233000';

  override async up(): Promise<void> {
    await this.execute(`create index "method_updated_at_index" on "method" ("updated_at", "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_updated_at_index";`);
  }

}
