import { Migration } from '@mikro-orm/migrations';

const HAS_MEASURE = `btrim("measure") <> '' or btrim("current_measure") <> '' or btrim("q1_measure") <> '' or btrim("q2_measure") <> '' or btrim("q3_measure") <> '' or btrim("q4_measure") <> ''`;
const STALE_COLUMNS = `include ("last_check_in_at", "created_at", "v2mom_id") where "status" <> 'completed'`;

/**
 * The Items List's counts (docs/PRODUCT.md#items-list) read from indexes alone, with no cache: the
 * stale index carries what the rule and the V2MOM's year read, and the methods with a measure, of
 * all and of the stale, have partial indexes of their own.
 */
export class Migration20261203171000 extends Migration {

  override name = 'Migration20261203171000';

  override async up(): Promise<void> {
    await this.execute(`drop index "method_stale_index";`);
    await this.execute(`create index "method_stale_index" on "method" ((coalesce("last_check_in_at", "created_at")), "id") ${STALE_COLUMNS};`);
    await this.execute(`create index "method_measured_index" on "method" ("id") where (${HAS_MEASURE});`);
    await this.execute(`create index "method_stale_measured_index" on "method" ((coalesce("last_check_in_at", "created_at"))) ${STALE_COLUMNS} and (${HAS_MEASURE});`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_stale_measured_index";`);
    await this.execute(`drop index "method_measured_index";`);
    await this.execute(`drop index "method_stale_index";`);
    await this.execute(`create index "method_stale_index" on "method" ((coalesce("last_check_in_at", "created_at")), "id") where "status" <> 'completed';`);
  }

}
