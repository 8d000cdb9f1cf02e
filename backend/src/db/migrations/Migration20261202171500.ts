import { Migration } from '@mikro-orm/migrations';

/**
 * The V2MOM list's first order, by title, and its order by year (docs/PRODUCT.md#paged-lists),
 * read from indexes on the very keys the list compares (db/keyset.ts): a page is an index range,
 * not a sort of every V2MOM.
 */
export class Migration20261202171500 extends Migration {

  override name = 'Migration20261202171500';

  override async up(): Promise<void> {
    await this.execute(`create index "v2mom_title_sort_index" on "v2mom" ((nullif(lower("title"), '') collate "C"), "id");`);
    await this.execute(`create index "v2mom_year_id_index" on "v2mom" ("year", "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "v2mom_year_id_index";`);
    await this.execute(`drop index "v2mom_title_sort_index";`);
  }

}
