import { Migration } from '@mikro-orm/migrations';

/** The change log of committed writes, for field-level merges (docs/PRODUCT.md#change-log). */
export class Migration20261123180355 extends Migration {

  override name = 'Migration20261123180355';

  override up(): void | Promise<void> {
    this.addSql(`create table "change_log" ("id" serial primary key, "entity" text not null, "row_id" int not null, "version" int not null, "operation" text not null, "fields" jsonb not null, "actor_id" int null, "changed_at" timestamptz not null);`);
    this.addSql(`create index "change_log_entity_row_id_version_index" on "change_log" ("entity", "row_id", "version");`);
    this.addSql(`create index "change_log_changed_at_index" on "change_log" ("changed_at");`);

    this.addSql(`alter table "change_log" add constraint "change_log_actor_id_foreign" foreign key ("actor_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "change_log" add constraint "change_log_entity_check" check ("entity" in ('v2mom', 'value', 'method', 'obstacle', 'measure', 'task'));`);
    this.addSql(`alter table "change_log" add constraint "change_log_operation_check" check ("operation" in ('created', 'updated', 'deleted'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "change_log" cascade;`);
  }

}
