import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log takes both the company's changes and reopened quarter reviews: the two migrations
 * before each allowed only its own action beside the earlier ones.
 */
export class Migration20261128075724 extends Migration {

  override name = 'Migration20261128075724';

  override async up(): Promise<void> {
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'sign_in.failure_burst'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'quarter_review.reopened', 'sign_in.failure_burst'));`);
  }

}
