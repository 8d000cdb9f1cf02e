import { Migration } from '@mikro-orm/migrations';

/**
 * Threads of comments on V2MOMs, methods and obstacles, and whom each comment mentions
 * (docs/PRODUCT.md#comments). Nobody has commented yet.
 */
export class Migration20261128005417 extends Migration {

  override name = 'Migration20261128005417';

  override async up(): Promise<void> {
    await this.execute(`create table "thread" ("id" serial primary key, "subject" text not null, "subject_id" int not null, "v2mom_id" int not null, "method_id" int null, "obstacle_id" int null, "resolved_at" timestamptz null, "resolved_by_id" int null);`);
    await this.execute(`create index "thread_v2mom_id_index" on "thread" ("v2mom_id");`);
    await this.execute(`create index "thread_method_id_index" on "thread" ("method_id");`);
    await this.execute(`create index "thread_obstacle_id_index" on "thread" ("obstacle_id");`);
    await this.execute(`alter table "thread" add constraint "thread_subject_subject_id_unique" unique ("subject", "subject_id");`);

    await this.execute(`create table "comment" ("id" serial primary key, "version" int not null default 1, "thread_id" int not null, "parent_id" int null, "author_id" int null, "text" text null, "created_at" timestamptz not null, "edited_at" timestamptz null, "deleted_at" timestamptz null);`);
    await this.execute(`create index "comment_parent_id_index" on "comment" ("parent_id");`);
    await this.execute(`create index "comment_thread_id_parent_id_id_index" on "comment" ("thread_id", "parent_id", "id");`);

    await this.execute(`create table "comment_mention" ("comment_id" int not null, "user_id" int not null, primary key ("comment_id", "user_id"));`);
    await this.execute(`create index "comment_mention_user_id_index" on "comment_mention" ("user_id");`);

    await this.execute(`alter table "thread" add constraint "thread_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
    await this.execute(`alter table "thread" add constraint "thread_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete cascade;`);
    await this.execute(`alter table "thread" add constraint "thread_obstacle_id_foreign" foreign key ("obstacle_id") references "obstacle" ("id") on delete cascade;`);
    await this.execute(`alter table "thread" add constraint "thread_resolved_by_id_foreign" foreign key ("resolved_by_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "thread" add constraint "thread_subject_check" check ("subject" in ('v2mom', 'method', 'obstacle'));`);

    await this.execute(`alter table "comment" add constraint "comment_thread_id_foreign" foreign key ("thread_id") references "thread" ("id") on delete cascade;`);
    await this.execute(`alter table "comment" add constraint "comment_parent_id_foreign" foreign key ("parent_id") references "comment" ("id") on delete cascade;`);
    await this.execute(`alter table "comment" add constraint "comment_author_id_foreign" foreign key ("author_id") references "user" ("id") on delete set null;`);

    await this.execute(`alter table "comment_mention" add constraint "comment_mention_comment_id_foreign" foreign key ("comment_id") references "comment" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "comment_mention" add constraint "comment_mention_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "comment" drop constraint "comment_thread_id_foreign";`);
    await this.execute(`alter table "comment" drop constraint "comment_parent_id_foreign";`);
    await this.execute(`alter table "comment_mention" drop constraint "comment_mention_comment_id_foreign";`);

    await this.execute(`drop table if exists "thread" cascade;`);
    await this.execute(`drop table if exists "comment" cascade;`);
    await this.execute(`drop table if exists "comment_mention" cascade;`);
  }

}
