import { Migration } from '@mikro-orm/migrations';

/**
 * Each person's seen mark per V2MOM (docs/PRODUCT.md#since-you-last-looked): through which change
 * they have seen it, and when. Nobody has one yet: a first visit sets it.
 */
export class Migration20261127201600 extends Migration {

  override name = 'Migration20261127201600';

  override async up(): Promise<void> {
    await this.execute(`create table "v2mom_seen" ("id" serial primary key, "user_id" int not null, "v2mom_id" int not null, "last_change_id" int not null, "seen_at" timestamptz not null);`);
    await this.execute(`create index "v2mom_seen_v2mom_id_index" on "v2mom_seen" ("v2mom_id");`);
    await this.execute(`alter table "v2mom_seen" add constraint "v2mom_seen_user_id_v2mom_id_unique" unique ("user_id", "v2mom_id");`);
    await this.execute(`alter table "v2mom_seen" add constraint "v2mom_seen_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);
    await this.execute(`alter table "v2mom_seen" add constraint "v2mom_seen_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "v2mom_seen" cascade;`);
  }

}
