import { Migration } from '@mikro-orm/migrations';

/**
 * The measures list pages by description (docs/PRODUCT.md#paged-lists); the meeting brief and
 * digest read the check-ins since a moment across the company (docs/PRODUCT.md#meeting-brief).
 */
export class Migration20261203172000 extends Migration {

  override name = 'Migration20261203172000';

  override async up(): Promise<void> {
    await this.execute(`create index "measure_description_sort_index" on "measure" ((nullif(lower("description"), '') collate "C"), "id");`);
    await this.execute(`create index "check_in_at_index" on "check_in" ("at");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "check_in_at_index";`);
    await this.execute(`drop index "measure_description_sort_index";`);
  }

}
