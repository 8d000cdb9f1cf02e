import { Migration } from '@mikro-orm/migrations';

/**
 * The methods list's first order, by description (docs/PRODUCT.md#paged-lists), read from an index
 * on the very sort key the list compares (db/keyset.ts): a page is an index range, not a sort of
 * every method.
 */
export class Migration20261202140000 extends Migration {

  override name = 'Migration20261202140000';

  override async up(): Promise<void> {
    await this.execute(`create index "method_description_sort_index" on "method" ((nullif(lower("description"), '') collate "C"), "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_description_sort_index";`);
  }

}
