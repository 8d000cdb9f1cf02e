import { Migration } from '@mikro-orm/migrations';

/**
 * The meeting brief (docs/PRODUCT.md#meeting-brief) reads the obstacles open longest from the
 * oldest along an index, instead of sorting the whole company's obstacles at each brief.
 */
export class Migration20261204113000 extends Migration {

  override name = 'Migration20261204113000';

  override async up(): Promise<void> {
    await this.execute(`create index "obstacle_created_at_id_index" on "obstacle" ("created_at", "id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "obstacle_created_at_id_index";`);
  }

}
