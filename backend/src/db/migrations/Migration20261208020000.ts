import { Migration } from '@mikro-orm/migrations';

/**
 * The V2MOMs' years by key, read from the index alone (modules/v2moms/v2mom.entity.ts): a count
 * over a few hundred methods that compares their V2MOM's year (the COO tracking counts' stale
 * methods) looks each one up instead of hashing every V2MOM's year, which the primary key alone
 * would need a row read for.
 */
export class Migration20261208020000 extends Migration {

  override name = 'Migration20261208020000';

  override async up(): Promise<void> {
    await this.execute(`create index "v2mom_id_year_index" on "v2mom" ("id") include ("year");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "v2mom_id_year_index";`);
  }

}
