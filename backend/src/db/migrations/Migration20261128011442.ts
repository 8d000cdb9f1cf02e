import { Migration } from '@mikro-orm/migrations';

/**
 * The notification centre (docs/PRODUCT.md#notifications): what each person is told of, and the
 * kinds they chose not to be. Nobody has any yet.
 */
export class Migration20261128011442 extends Migration {

  override name = 'Migration20261128011442';

  override async up(): Promise<void> {
    await this.execute(`create table "notification_preference" ("user_id" int not null, "kind" text not null, "in_app" boolean not null, primary key ("user_id", "kind"));`);

    await this.execute(`create table "notification" ("id" serial primary key, "recipient_id" int not null, "kind" text not null, "actor_id" int null, "v2mom_id" int null, "method_id" int null, "obstacle_id" int null, "task_id" int null, "comment_id" int null, "detail" jsonb null, "created_at" timestamptz not null, "read_at" timestamptz null);`);
    await this.execute(`create index "notification_v2mom_id_index" on "notification" ("v2mom_id");`);
    await this.execute(`create index "notification_method_id_index" on "notification" ("method_id");`);
    await this.execute(`create index "notification_obstacle_id_index" on "notification" ("obstacle_id");`);
    await this.execute(`create index "notification_task_id_index" on "notification" ("task_id");`);
    await this.execute(`create index "notification_comment_id_index" on "notification" ("comment_id");`);
    await this.execute(`create index "notification_recipient_id_id_index" on "notification" ("recipient_id", "id");`);
    await this.execute(`create index "notification_unread_index" on "notification" ("recipient_id") where "read_at" is null;`);

    await this.execute(`alter table "notification_preference" add constraint "notification_preference_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned'));`);

    await this.execute(`alter table "notification" add constraint "notification_recipient_id_foreign" foreign key ("recipient_id") references "user" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_actor_id_foreign" foreign key ("actor_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "notification" add constraint "notification_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_obstacle_id_foreign" foreign key ("obstacle_id") references "obstacle" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_task_id_foreign" foreign key ("task_id") references "task" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_comment_id_foreign" foreign key ("comment_id") references "comment" ("id") on delete cascade;`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "notification_preference" cascade;`);
    await this.execute(`drop table if exists "notification" cascade;`);
  }

}
