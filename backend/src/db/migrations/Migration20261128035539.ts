import { Migration } from '@mikro-orm/migrations';

/**
 * Email (docs/PRODUCT.md#email): the outbox of rendered messages, one per idempotency key, and the
 * email choice beside the in-app one for the rhythm's kinds (docs/PRODUCT.md#notification-preferences).
 * A null choice is the kind's default, so the weekly digest, email only, has no in-app choice.
 */
export class Migration20261128035539 extends Migration {

  override name = 'Migration20261128035539';

  override async up(): Promise<void> {
    await this.execute(`create table "email_outbox" ("id" serial primary key, "idempotency_key" varchar(200) not null, "recipient_id" int null, "recipient_address" varchar(320) not null, "recipient_name" varchar(200) not null, "kind" text not null, "subject" varchar(300) not null, "html" text not null, "text" text not null, "headers" jsonb not null, "status" text not null default 'waiting', "attempts" int not null default 0, "last_error" text null, "next_attempt_at" timestamptz null, "claimed_until" timestamptz null, "created_at" timestamptz not null, "sent_at" timestamptz null);`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_idempotency_key_unique" unique ("idempotency_key");`);
    await this.execute(`create index "email_outbox_recipient_id_index" on "email_outbox" ("recipient_id");`);
    await this.execute(`create index "email_outbox_created_at_index" on "email_outbox" ("created_at");`);
    await this.execute(`create index "email_outbox_due_index" on "email_outbox" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying');`);

    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add "email" boolean null;`);
    await this.execute(`alter table "notification_preference" alter column "in_app" drop not null;`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest'));`);

    await this.execute(`alter table "email_outbox" add constraint "email_outbox_recipient_id_foreign" foreign key ("recipient_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_kind_check" check ("kind" in ('check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest'));`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_status_check" check ("status" in ('waiting', 'retrying', 'sent', 'gave_up', 'skipped'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "email_outbox" cascade;`);

    // The earlier table knew only the in-app kinds, each with a choice.
    await this.execute(`delete from "notification_preference" where "kind" not in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned');`);
    await this.execute(`update "notification_preference" set "in_app" = true where "in_app" is null;`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" drop column "email";`);
    await this.execute(`alter table "notification_preference" alter column "in_app" set not null;`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned'));`);
  }

}
