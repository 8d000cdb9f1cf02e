import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked', 'webhook.created', 'webhook.secret_shown', 'webhook.deleted', 'webhook.disabled', 'sign_in.failure_burst', 'v2mom.imported', 'user.imported'`;
const CHAT_ACTIONS = `'chat_channel.created', 'chat_channel.updated', 'chat_channel.deleted', 'chat_channel.tested'`;

/**
 * The audit log's lines for Slack and Teams channels (docs/PRODUCT.md#slack-and-teams), and the
 * API token a logged write came through (docs/PRODUCT.md#numbers-pushed-in).
 */
export class Migration20261203092000 extends Migration {

  override name = 'Migration20261203092000';

  override async up(): Promise<void> {
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, ${CHAT_ACTIONS}));`);
    await this.execute(`alter table "change_log" add column "via_token" varchar(80) null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "change_log" drop column "via_token";`);
    await this.execute(`delete from "audit_entry" where "action" in (${CHAT_ACTIONS});`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
  }

}
