import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes'`;
const APPROVAL_KINDS = `'approval_requested', 'v2mom_approved', 'changes_requested'`;
const PREFERENCE_ONLY_KINDS = `'weekly_digest', 'webhook_disabled'`;

/**
 * A parent's change told to the owners of what is aligned to it (docs/PRODUCT.md#parent-changes):
 * its kind, when its recipient marked it Reviewed, and the index a V2MOM's unreviewed ones are counted from.
 */
export class Migration20261204112100 extends Migration {

  override name = 'Migration20261204112100';

  override async up(): Promise<void> {
    await this.execute(`alter table "notification" add column "reviewed_at" timestamptz null;`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${KINDS_BEFORE}, 'parent_changed', ${APPROVAL_KINDS}));`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${KINDS_BEFORE}, 'parent_changed', ${APPROVAL_KINDS}, ${PREFERENCE_ONLY_KINDS}));`);
    await this.execute(`create index "notification_unreviewed_parent_changes_index" on "notification" ("v2mom_id") where "kind" = 'parent_changed' and "reviewed_at" is null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "notification_unreviewed_parent_changes_index";`);
    await this.execute(`delete from "notification_preference" where "kind" = 'parent_changed';`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${KINDS_BEFORE}, ${APPROVAL_KINDS}, ${PREFERENCE_ONLY_KINDS}));`);
    await this.execute(`delete from "notification" where "kind" = 'parent_changed';`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${KINDS_BEFORE}, ${APPROVAL_KINDS}));`);
    await this.execute(`alter table "notification" drop column "reviewed_at";`);
  }

}
