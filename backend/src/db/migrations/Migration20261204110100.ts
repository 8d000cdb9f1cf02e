import { Migration } from '@mikro-orm/migrations';

const NOTIFICATION_KINDS_BEFORE = `'mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned', 'check_in_reminder', 'method_stale', 'meeting_digest', 'round_turn', 'round_minutes'`;
const APPROVAL_KINDS = `'approval_requested', 'v2mom_approved', 'changes_requested'`;
const PREFERENCE_KINDS_AFTER = `'weekly_digest', 'webhook_disabled'`;

/** The notifications of approval (docs/PRODUCT.md#approval): asked to approve, approved, changes requested. */
export class Migration20261204110100 extends Migration {

  override name = 'Migration20261204110100';

  override async up(): Promise<void> {
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}, ${APPROVAL_KINDS}));`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}, ${APPROVAL_KINDS}, ${PREFERENCE_KINDS_AFTER}));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "notification_preference" where "kind" in (${APPROVAL_KINDS});`);
    await this.execute(`alter table "notification_preference" drop constraint "notification_preference_kind_check";`);
    await this.execute(`alter table "notification_preference" add constraint "notification_preference_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}, ${PREFERENCE_KINDS_AFTER}));`);
    await this.execute(`delete from "notification" where "kind" in (${APPROVAL_KINDS});`);
    await this.execute(`alter table "notification" drop constraint "notification_kind_check";`);
    await this.execute(`alter table "notification" add constraint "notification_kind_check" check ("kind" in (${NOTIFICATION_KINDS_BEFORE}));`);
  }

}
