import { Migration } from '@mikro-orm/migrations';

/**
 * The rhythm's runs (docs/PRODUCT.md#rhythm): one row per check-in time and meeting digest a run
 * was done for, and the notices it sends in the app: check-in reminders, stale methods, the
 * meeting digest.
 */
export class Migration20261128042350 extends Migration {

  override name = 'Migration20261128042350';

  override async up(): Promise<void> {
    await this.execute(`create table "rhythm_run" ("kind" text not null, "due_at" timestamptz not null, "done_at" timestamptz not null, "people" int not null, primary key ("kind", "due_at"));`);
    await this.execute(`alter table "rhythm_run" add constraint "rhythm_run_kind_check" check ("kind" in ('check_in', 'meeting_digest'));`);

    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "rhythm_run" cascade;`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned'));`);
  }

}
