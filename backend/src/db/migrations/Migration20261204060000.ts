import { Migration } from '@mikro-orm/migrations';

/**
 * The quarter scorecard (docs/PRODUCT.md#quarter-review) counts the year's methods by department
 * from indexes alone: each method's V2MOM and owner, each V2MOM's year and owner, each person's
 * department and the quarter's results.
 */
export class Migration20261204060000 extends Migration {

  override name = 'Migration20261204060000';

  override async up(): Promise<void> {
    await this.execute(`create index "method_v2mom_owner_index" on "method" ("v2mom_id", "owner_id", "id");`);
    await this.execute(`drop index "v2mom_year_id_index";`);
    await this.execute(`create index "v2mom_year_id_index" on "v2mom" ("year", "id") include ("owner_id");`);
    await this.execute(`create index "user_id_department_index" on "user" ("id") include ("department_id");`);
    await this.execute(`create index "quarter_review_quarter_index" on "quarter_review" ("year", "quarter", "method_id") include ("result");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "quarter_review_quarter_index";`);
    await this.execute(`drop index "user_id_department_index";`);
    await this.execute(`drop index "v2mom_year_id_index";`);
    await this.execute(`create index "v2mom_year_id_index" on "v2mom" ("year", "id");`);
    await this.execute(`drop index "method_v2mom_owner_index";`);
  }

}
