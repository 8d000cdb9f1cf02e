import { Migration } from '@mikro-orm/migrations';

/**
 * People by name (docs/PRODUCT.md#paged-lists), the Team Progress table's first order and the
 * people pickers' search, read from an index on the very sort key the list compares
 * (db/keyset.ts): a page is an index range, not a sort of everyone.
 */
export class Migration20261202150000 extends Migration {

  override name = 'Migration20261202150000';

  override async up(): Promise<void> {
    await this.execute(`create index "user_name_sort_index" on "user" ((nullif(lower("name"), '') collate "C"), "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "user_name_sort_index";`);
  }

}
