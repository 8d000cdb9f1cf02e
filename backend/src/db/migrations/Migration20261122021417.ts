import { Migration } from '@mikro-orm/migrations';

/** The first schema: departments, people and their sessions, V2MOMs with their values, methods, obstacles and measures, and tasks. */
export class Migration20261122021417 extends Migration {

  override name = 'Migration20261122021417';

  override up(): void | Promise<void> {
    this.addSql(`create table "department" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "name" varchar(100) not null);`);
    this.addSql(`alter table "department" add constraint "department_name_unique" unique ("name");`);

    this.addSql(`create table "user" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "username" varchar(100) not null, "name" varchar(200) not null, "department_id" int not null, "role" text not null, "capabilities" text[] not null default '{}', "password_hash" varchar(255) not null, "avatar_url" varchar(1000) null);`);
    this.addSql(`alter table "user" add constraint "user_username_unique" unique ("username");`);
    this.addSql(`create index "user_department_id_index" on "user" ("department_id");`);
    this.addSql(`create index "user_role_index" on "user" ("role");`);
    this.addSql(`alter table "user" add constraint "user_role_check" check ("role" in ('admin', 'user', 'read_only'));`);

    this.addSql(`create table "user_session" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "user_session_user_id_index" on "user_session" ("user_id");`);
    this.addSql(`create index "user_session_expires_at_index" on "user_session" ("expires_at");`);

    this.addSql(`create table "v2mom" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "title" varchar(300) not null, "year" int not null, "quarter" text not null, "status" text not null default 'draft', "vision" text not null default '', "overall_progress" int not null default 0, "owner_id" int not null);`);
    this.addSql(`create index "v2mom_status_index" on "v2mom" ("status");`);
    this.addSql(`create index "v2mom_owner_id_index" on "v2mom" ("owner_id");`);
    this.addSql(`create index "v2mom_year_quarter_index" on "v2mom" ("year", "quarter");`);
    this.addSql(`alter table "v2mom" add constraint "v2mom_quarter_check" check ("quarter" in ('q1', 'q2', 'q3', 'q4'));`);
    this.addSql(`alter table "v2mom" add constraint "v2mom_status_check" check ("status" in ('completed', 'in_progress', 'at_risk', 'draft', 'not_started'));`);

    this.addSql(`create table "obstacle" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "v2mom_id" int not null, "description" text not null, "position" int not null default 0, "owner_id" int null, "impact" text null, "mitigation" text null);`);
    this.addSql(`create index "obstacle_v2mom_id_index" on "obstacle" ("v2mom_id");`);
    this.addSql(`create index "obstacle_owner_id_index" on "obstacle" ("owner_id");`);

    this.addSql(`create table "method" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "v2mom_id" int not null, "description" text not null, "due_date" date null, "owner_id" int null, "progress" int not null default 0, "status" text not null default 'not_started', "position" int not null default 0, "linked_method_id" int null, "measure" text null, "q1_measure" text null, "q2_measure" text null, "q3_measure" text null, "q4_measure" text null, "q1_goal" text null, "q2_goal" text null, "q3_goal" text null, "q4_goal" text null, "update" text null, "updates" text null, "current_measure" text null, "activities" text null, "l2_owner" varchar(200) null, "for_coo_tracking" boolean not null default false);`);
    this.addSql(`create index "method_v2mom_id_index" on "method" ("v2mom_id");`);
    this.addSql(`create index "method_owner_id_index" on "method" ("owner_id");`);
    this.addSql(`create index "method_status_index" on "method" ("status");`);
    this.addSql(`create index "method_linked_method_id_index" on "method" ("linked_method_id");`);
    this.addSql(`create index "method_for_coo_tracking_index" on "method" ("for_coo_tracking");`);
    this.addSql(`alter table "method" add constraint "method_status_check" check ("status" in ('not_started', 'in_progress', 'completed', 'at_risk'));`);

    this.addSql(`create table "task" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "title" varchar(300) not null, "description" text not null, "status" text not null default 'not_started', "updates" text null, "method_id" int null, "owner_id" int not null);`);
    this.addSql(`create index "task_status_index" on "task" ("status");`);
    this.addSql(`create index "task_method_id_index" on "task" ("method_id");`);
    this.addSql(`create index "task_owner_id_index" on "task" ("owner_id");`);
    this.addSql(`alter table "task" add constraint "task_status_check" check ("status" in ('not_started', 'in_progress', 'completed', 'at_risk'));`);

    this.addSql(`create table "obstacle_linked_methods" ("obstacle_id" int not null, "method_id" int not null, primary key ("obstacle_id", "method_id"));`);

    this.addSql(`create table "measure" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "v2mom_id" int not null, "description" text not null, "target" text null, "current" text null, "status" text not null default 'on_track', "position" int not null default 0);`);
    this.addSql(`create index "measure_v2mom_id_index" on "measure" ("v2mom_id");`);
    this.addSql(`alter table "measure" add constraint "measure_status_check" check ("status" in ('on_track', 'at_risk', 'achieved'));`);

    this.addSql(`create table "value" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "v2mom_id" int not null, "description" text not null, "position" int not null default 0);`);
    this.addSql(`create index "value_v2mom_id_index" on "value" ("v2mom_id");`);

    this.addSql(`create table "method_linked_values" ("method_id" int not null, "value_id" int not null, primary key ("method_id", "value_id"));`);

    this.addSql(`alter table "department" add constraint "department_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);

    this.addSql(`alter table "user" add constraint "user_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "user" add constraint "user_department_id_foreign" foreign key ("department_id") references "department" ("id");`);

    this.addSql(`alter table "user_session" add constraint "user_session_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);

    this.addSql(`alter table "v2mom" add constraint "v2mom_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "v2mom" add constraint "v2mom_owner_id_foreign" foreign key ("owner_id") references "user" ("id");`);

    this.addSql(`alter table "obstacle" add constraint "obstacle_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "obstacle" add constraint "obstacle_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
    this.addSql(`alter table "obstacle" add constraint "obstacle_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on delete set null;`);

    this.addSql(`alter table "method" add constraint "method_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "method" add constraint "method_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
    this.addSql(`alter table "method" add constraint "method_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "method" add constraint "method_linked_method_id_foreign" foreign key ("linked_method_id") references "method" ("id") on delete set null;`);

    this.addSql(`alter table "task" add constraint "task_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "task" add constraint "task_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete set null;`);
    this.addSql(`alter table "task" add constraint "task_owner_id_foreign" foreign key ("owner_id") references "user" ("id");`);

    this.addSql(`alter table "obstacle_linked_methods" add constraint "obstacle_linked_methods_obstacle_id_foreign" foreign key ("obstacle_id") references "obstacle" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "obstacle_linked_methods" add constraint "obstacle_linked_methods_method_id_foreign" foreign key ("method_id") references "method" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "measure" add constraint "measure_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "measure" add constraint "measure_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);

    this.addSql(`alter table "value" add constraint "value_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "value" add constraint "value_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);

    this.addSql(`alter table "method_linked_values" add constraint "method_linked_values_method_id_foreign" foreign key ("method_id") references "method" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "method_linked_values" add constraint "method_linked_values_value_id_foreign" foreign key ("value_id") references "value" ("id") on update cascade on delete cascade;`);
  }

}
