import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked', 'webhook.created', 'webhook.secret_shown', 'webhook.deleted', 'webhook.disabled', 'sign_in.failure_burst'`;

/** The audit log's line for V2MOMs imported from a spreadsheet (docs/PRODUCT.md#spreadsheets). */
export class Migration20261203082000 extends Migration {

  override name = 'Migration20261203082000';

  override async up(): Promise<void> {
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, 'v2mom.imported'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "audit_entry" where "action" = 'v2mom.imported';`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
  }

}
