import { Migration } from '@mikro-orm/migrations';

const NOTIFICATION_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes'`;
const PREFERENCE_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes', 'weekly_digest', 'webhook_disabled'`;

/**
 * A parent's change told to the owners of what is aligned to it (docs/PRODUCT.md#parent-changes):
 * its kind, when its recipient marked it Reviewed, and the index a V2MOM's unreviewed ones are counted from.
 */
export class Migration20261204112100 extends Migration {

  override name = 'Migration20261204112100';

  override async up(): Promise<void> {
    await this.execute(`alter table "notification" add column "reviewed_at" timestamptz null;`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}, 'parent_changed'));`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in ('mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes', 'parent_changed', 'weekly_digest', 'webhook_disabled'));`);
    await this.execute(`create index "notification_unreviewed_parent_changes_index" on "notification" ("v2mom_id") where "kind" = 'parent_changed' and "reviewed_at" is null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "notification_unreviewed_parent_changes_index";`);
    await this.execute(`delete from "notification_preference" where "kind" = 'parent_changed';`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${PREFERENCE_KINDS_BEFORE}));`);
    await this.execute(`delete from "notification" where "kind" = 'parent_changed';`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}));`);
    await this.execute(`alter table "notification" drop column "reviewed_at";`);
  }

}
