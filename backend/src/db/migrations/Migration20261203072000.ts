import { Migration } from '@mikro-orm/migrations';

const PREFERENCE_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest'`;
const EMAIL_KINDS_BEFORE = `'check_in_reminder', 'method_stale', 'meeting_digest', 'weekly_digest'`;
const ACTIONS_BEFORE = `'user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked'`;

/**
 * Signed webhooks (docs/PRODUCT.md#webhooks): each receiver with its secret and events, its
 * deliveries with their claims and outcomes, and the audit log's actions for making, showing the
 * secret of, deleting and turning off a webhook; the email to the maker of one turned off, and
 * their choice about it.
 */
export class Migration20261203072000 extends Migration {

  override name = 'Migration20261203072000';

  override async up(): Promise<void> {
    await this.execute(`create table "webhook" ("id" serial primary key, "url" varchar(2000) not null, "description" varchar(200) not null default '', "events" text[] not null, "secret" varchar(100) not null, "enabled" boolean not null default true, "disabled_reason" text null, "failing_since" timestamptz null, "created_at" timestamptz not null, "created_by_id" int null, "version" int not null default 1);`);
    await this.execute(`alter table "webhook" add constraint "webhook_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on delete set null;`);

    await this.execute(`create table "webhook_delivery" ("id" serial primary key, "webhook_id" int not null, "message_id" varchar(64) not null, "event" text check ("event" in ('method.checked_in', 'method.status_changed', 'obstacle.added', 'obstacle.resolved', 'comment.posted', 'quarter_review.completed', 'v2mom.published', 'webhook.test')) not null, "payload" text not null, "status" text check ("status" in ('waiting', 'retrying', 'delivered', 'failed')) not null default 'waiting', "attempts" int not null default 0, "response_code" int null, "last_error" text null, "next_attempt_at" timestamptz null, "claimed_until" timestamptz null, "created_at" timestamptz not null, "last_attempt_at" timestamptz null);`);
    await this.execute(`create index "webhook_delivery_webhook_id_index" on "webhook_delivery" ("webhook_id");`);
    await this.execute(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying');`);
    await this.execute(`alter table "webhook_delivery" add constraint "webhook_delivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook" ("id") on delete cascade;`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, 'webhook.created', 'webhook.secret_shown', 'webhook.deleted', 'webhook.disabled', 'sign_in.failure_burst'));`);

    await this.execute(`alter table "email_outbox" drop constraint "email_outbox_kind_check";`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_kind_check" check ("kind" in (${EMAIL_KINDS_BEFORE}, 'webhook_disabled'));`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${PREFERENCE_KINDS_BEFORE}, 'webhook_disabled'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "webhook_delivery" cascade;`);
    await this.execute(`drop table if exists "webhook" cascade;`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, 'sign_in.failure_burst'));`);
    await this.execute(`delete from "email_outbox" where "kind" = 'webhook_disabled';`);
    await this.execute(`alter table "email_outbox" drop constraint "email_outbox_kind_check";`);
    await this.execute(`alter table "email_outbox" add constraint "email_outbox_kind_check" check ("kind" in (${EMAIL_KINDS_BEFORE}));`);
    await this.execute(`delete from "notification_preference" where "kind" = 'webhook_disabled';`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${PREFERENCE_KINDS_BEFORE}));`);
  }

}
