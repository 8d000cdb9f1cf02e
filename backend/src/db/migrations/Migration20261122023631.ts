import { Migration } from '@mikro-orm/migrations';

/** Measures may belong to a method (deleted with it). */
export class Migration20261122023631 extends Migration {

  override name = 'Migration20261122023631';

  override up(): void | Promise<void> {
    this.addSql(`alter table "measure" add "method_id" int null;`);
    this.addSql(`alter table "measure" add constraint "measure_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete cascade;`);
    this.addSql(`create index "measure_method_id_index" on "measure" ("method_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "measure" drop constraint "measure_method_id_foreign";`);

    this.addSql(`drop index "measure_method_id_index";`);
    this.addSql(`alter table "measure" drop column "method_id";`);
  }

}
