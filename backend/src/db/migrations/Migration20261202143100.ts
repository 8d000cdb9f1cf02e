import { Migration } from '@mikro-orm/migrations';

/**
 * The obstacles list's first order, by description (docs/PRODUCT.md#paged-lists), read from an
 * index on the very sort key the list compares (db/keyset.ts), as for methods.
 */
export class Migration20261202143100 extends Migration {

  override name = 'Migration20261202143100';

  override async up(): Promise<void> {
    await this.execute(`create index "obstacle_description_sort_index" on "obstacle" ((nullif(lower("description"), '') collate "C"), "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "obstacle_description_sort_index";`);
  }

}
