import { Migration } from '@mikro-orm/migrations';

const PREFERENCE_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest', 'webhook_disabled'`;
const EMAIL_KINDS_BEFORE = `'check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest', 'webhook_disabled'`;
const NOTIFICATION_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest'`;

/**
 * The check-in round of the COO meeting (docs/PRODUCT.md#the-check-in-round): a round with the
 * departments it walks (one active at a time), each department's people and when they checked in,
 * the follow-ups its obstacles became, the round a check-in was made in, and the notifications of
 * one's turn and of the round's minutes (that one by email too).
 */
export class Migration20261203083000 extends Migration {

  override name = 'Migration20261203083000';

  override async up(): Promise<void> {
    await this.execute(`create table "round" ("id" serial primary key, "year" int not null, "quarter" text not null, "status" text not null, "presenter_id" int null, "presenter_name" varchar(200) not null, "started_at" timestamptz not null, "ended_at" timestamptz null, "departments" text[] not null, "position" int not null, "minutes" jsonb null, "version" int not null default 1);`);
    await this.execute(`create unique index "round_one_active_index" on "round" ("status") where "status" = 'active';`);
    await this.execute(`alter table "round" add constraint "round_presenter_id_foreign" foreign key ("presenter_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "round" add constraint "round_quarter_check" check ("quarter" in ('q1', 'q2', 'q3', 'q4'));`);
    await this.execute(`alter table "round" add constraint "round_status_check" check ("status" in ('active', 'ended'));`);

    await this.execute(`create table "round_participant" ("id" serial primary key, "round_id" int not null, "position" int not null, "department" varchar(100) not null, "user_id" int not null, "checked_in_at" timestamptz null);`);
    await this.execute(`create index "round_participant_user_id_index" on "round_participant" ("user_id");`);
    await this.execute(`alter table "round_participant" add constraint "round_participant_round_id_position_user_id_unique" unique ("round_id", "position", "user_id");`);
    await this.execute(`alter table "round_participant" add constraint "round_participant_round_id_foreign" foreign key ("round_id") references "round" ("id") on delete cascade;`);
    await this.execute(`alter table "round_participant" add constraint "round_participant_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);

    await this.execute(`create table "follow_up" ("id" serial primary key, "round_id" int not null, "owner_id" int not null, "method_id" int null, "description" text not null, "due_at" timestamptz not null, "created_at" timestamptz not null, "acknowledged_at" timestamptz null, "version" int not null default 1);`);
    await this.execute(`create index "follow_up_round_id_index" on "follow_up" ("round_id");`);
    await this.execute(`create index "follow_up_method_id_index" on "follow_up" ("method_id");`);
    await this.execute(`create index "follow_up_owner_id_due_at_index" on "follow_up" ("owner_id", "due_at");`);
    await this.execute(`alter table "follow_up" add constraint "follow_up_round_id_foreign" foreign key ("round_id") references "round" ("id") on delete cascade;`);
    await this.execute(`alter table "follow_up" add constraint "follow_up_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on delete cascade;`);
    await this.execute(`alter table "follow_up" add constraint "follow_up_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete set null;`);

    await this.execute(`alter table "check_in" add column "round_id" int null;`);
    await this.execute(`alter table "check_in" add constraint "check_in_round_id_foreign" foreign key ("round_id") references "round" ("id") on delete set null;`);
    await this.execute(`create index "check_in_round_id_index" on "check_in" ("round_id");`);

    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}, 'round_turn', 'round_minutes'));`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes', 'weekly_digest', 'webhook_disabled'));`);
    await this.execute(`alter table "email_outbox" drop constraint "email_outbox_kind_check";`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_kind_check" check ("kind" in ('check_in_reminder', 'method_stale', 'meeting_digest', 'round_minutes', 'weekly_digest', 'webhook_disabled'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "email_outbox" where "kind" = 'round_minutes';`);
    await this.execute(`alter table "email_outbox" drop constraint "email_outbox_kind_check";`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_kind_check" check ("kind" in (${EMAIL_KINDS_BEFORE}));`);
    await this.execute(`delete from "notification_preference" where "kind" in ('round_turn', 'round_minutes');`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${PREFERENCE_KINDS_BEFORE}));`);
    await this.execute(`delete from "notification" where "kind" in ('round_turn', 'round_minutes');`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}));`);
    await this.execute(`alter table "check_in" drop column "round_id";`);
    await this.execute(`drop table if exists "follow_up" cascade;`);
    await this.execute(`drop table if exists "round_participant" cascade;`);
    await this.execute(`drop table if exists "round" cascade;`);
  }

}
