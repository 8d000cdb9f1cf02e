import { Migration } from '@mikro-orm/migrations';

/**
 * The stale methods (docs/PRODUCT.md#stale-marks), the `Stale only` lists and counts, read from
 * an index on what the rule compares: the last check-in, or the creation, of the methods not
 * completed.
 */
export class Migration20261202173000 extends Migration {

  override name = 'Migration20261202173000';

  override async up(): Promise<void> {
    await this.execute(`create index "method_stale_index" on "method" ((coalesce("last_check_in_at", "created_at")), "id") where "status" <> 'completed';`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_stale_index";`);
  }

}
