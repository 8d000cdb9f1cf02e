import { Migration } from '@mikro-orm/migrations';

/** The items logged with a `v2mom_id` column of their own, by table. */
const ITEMS = ['value', 'method', 'obstacle', 'measure'] as const;

/**
 * Each change-log row names its V2MOM (docs/PRODUCT.md#change-log), so a V2MOM's changes since a
 * person last looked are one range of an index. The rows already logged get theirs from the rows
 * as they are now: a V2MOM's own from its id, an item's from its V2MOM, a task's from its method's;
 * the changes of rows deleted since stay without one.
 */
export class Migration20261127201500 extends Migration {

  override name = 'Migration20261127201500';

  override async up(): Promise<void> {
    await this.execute(`alter table "change_log" add "v2mom_id" int null;`);
    await this.execute(`create index "change_log_v2mom_id_id_index" on "change_log" ("v2mom_id", "id");`);
    await this.execute(`update change_log set v2mom_id = row_id where entity = 'v2mom';`);
    for (const item of ITEMS) {
      await this.execute(`update change_log c set v2mom_id = item.v2mom_id from "${item}" item where c.entity = '${item}' and item.id = c.row_id;`);
    }
    await this.execute(`update change_log c set v2mom_id = m.v2mom_id from task t join method m on m.id = t.method_id where c.entity = 'task' and t.id = c.row_id;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "change_log_v2mom_id_id_index";`);
    await this.execute(`alter table "change_log" drop column "v2mom_id";`);
  }

}
