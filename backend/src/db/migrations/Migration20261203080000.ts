import { Migration } from '@mikro-orm/migrations';

/**
 * Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): each channel's incoming webhook,
 * scope and wanted posts, and its posts with their claims and outcomes.
 */
export class Migration20261203080000 extends Migration {

  override name = 'Migration20261203080000';

  override async up(): Promise<void> {
    await this.execute(`create table "chat_channel" ("id" serial primary key, "kind" text check ("kind" in ('slack', 'teams')) not null, "department_id" int null, "url" varchar(2000) not null, "posts" text[] not null, "created_at" timestamptz not null, "created_by_id" int null, "version" int not null default 1);`);
    await this.execute(`create index "chat_channel_department_id_index" on "chat_channel" ("department_id");`);
    await this.execute(`alter table "chat_channel" add constraint "chat_channel_department_id_foreign" foreign key ("department_id") references "department" ("id") on delete cascade;`);
    await this.execute(`alter table "chat_channel" add constraint "chat_channel_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on delete set null;`);

    await this.execute(`create table "chat_post" ("id" serial primary key, "channel_id" int not null, "event" text check ("event" in ('check_in_reminder', 'meeting_digest', 'method_at_risk', 'mentioned', 'test')) not null, "message" jsonb not null, "status" text check ("status" in ('waiting', 'retrying', 'delivered', 'failed')) not null default 'waiting', "attempts" int not null default 0, "response_code" int null, "last_error" text null, "next_attempt_at" timestamptz null, "claimed_until" timestamptz null, "created_at" timestamptz not null, "last_attempt_at" timestamptz null);`);
    await this.execute(`create index "chat_post_channel_id_index" on "chat_post" ("channel_id");`);
    await this.execute(`create index "chat_post_due_index" on "chat_post" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying');`);
    await this.execute(`alter table "chat_post" add constraint "chat_post_channel_id_foreign" foreign key ("channel_id") references "chat_channel" ("id") on delete cascade;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "chat_post" cascade;`);
    await this.execute(`drop table if exists "chat_channel" cascade;`);
  }

}
