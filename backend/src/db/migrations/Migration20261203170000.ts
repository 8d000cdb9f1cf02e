import { Migration } from '@mikro-orm/migrations';

/**
 * Key Metrics and the COO View page the methods marked for COO tracking latest change first
 * (docs/PRODUCT.md#key-metrics): a range of this index, however few of the company's methods are
 * tracked, rather than a walk of every method's latest change.
 */
export class Migration20261203170000 extends Migration {

  override name = 'Migration20261203170000';

  override async up(): Promise<void> {
    await this.execute(`create index "method_coo_tracked_updated_at_index" on "method" ("updated_at", "id") where "for_coo_tracking";`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_coo_tracked_updated_at_index";`);
  }

}
