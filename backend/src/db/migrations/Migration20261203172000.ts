import { Migration } from '@mikro-orm/migrations';

/** The measures list pages by description along this index (docs/PRODUCT.md#paged-lists). */
export class Migration20261203172000 extends Migration {

  override name = 'Migration20261203172000';

  override async up(): Promise<void> {
    await this.execute(`create index "measure_description_sort_index" on "measure" ((nullif(lower("description"), '') collate "C"), "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "measure_description_sort_index";`);
  }

}
