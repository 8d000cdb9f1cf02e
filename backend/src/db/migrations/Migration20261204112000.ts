import { Migration } from '@mikro-orm/migrations';

/** A method may take its progress from the methods that support it (docs/PRODUCT.md#roll-up); every method so far keeps its own. */
export class Migration20261204112000 extends Migration {

  override name = 'Migration20261204112000';

  override async up(): Promise<void> {
    await this.execute(`alter table "method" add column "progress_from" text not null default 'own';`);
    await this.execute(`alter table "method" add constraint "method_progress_from_check" check ("progress_from" in ('own', 'supporters_average', 'supporters_weighted'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "method" drop constraint "method_progress_from_check";`);
    await this.execute(`alter table "method" drop column "progress_from";`);
  }

}
