import { Migration } from '@mikro-orm/migrations';

/**
 * Two of the indexes the quarter scorecard was counted from (Migration20261204060000) now that it
 * reads its tally (modules/quarter-reviews/scorecard-tally.entity.ts): a V2MOM's methods with
 * their owners, which every method write kept, and a quarter's reviews with their results. What
 * reads them still, the tally's triggers and the quarter's results, finds the same rows by the
 * method's V2MOM key and by the review's unique key (method, year, quarter).
 */
export class Migration20261207000000 extends Migration {

  override name = 'Migration20261207000000';

  override async up(): Promise<void> {
    await this.execute(`drop index "method_v2mom_owner_index";`);
    await this.execute(`drop index "quarter_review_quarter_index";`);
  }

  override async down(): Promise<void> {
    await this.execute(`create index "quarter_review_quarter_index" on "quarter_review" ("year", "quarter", "method_id") include ("result");`);
    await this.execute(`create index "method_v2mom_owner_index" on "method" ("v2mom_id", "owner_id", "id");`);
  }

}
