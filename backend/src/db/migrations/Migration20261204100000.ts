import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked', 'webhook.created', 'webhook.secret_shown', 'webhook.deleted', 'webhook.disabled', 'sign_in.failure_burst', 'v2mom.imported', 'user.imported', 'chat_channel.created', 'chat_channel.updated', 'chat_channel.deleted', 'chat_channel.tested'`;

/**
 * The organisation's structure (docs/PRODUCT.md#departments): a department's parent, of which it
 * is a team, and its head, both indexed for the tree read from either end; and the audit log's
 * line for a department's parent or head changed.
 */
export class Migration20261204100000 extends Migration {

  override name = 'Migration20261204100000';

  override async up(): Promise<void> {
    await this.execute(`alter table "department" add column "parent_id" int null, add column "head_id" int null;`);
    await this.execute(`alter table "department" add constraint "department_parent_id_foreign" foreign key ("parent_id") references "department" ("id") on delete set null;`);
    await this.execute(`alter table "department" add constraint "department_head_id_foreign" foreign key ("head_id") references "user" ("id") on delete set null;`);
    await this.execute(`create index "department_parent_id_index" on "department" ("parent_id");`);
    await this.execute(`create index "department_head_id_index" on "department" ("head_id");`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, 'department.updated'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "audit_entry" where "action" = 'department.updated';`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
    await this.execute(`alter table "department" drop constraint "department_head_id_foreign";`);
    await this.execute(`alter table "department" drop constraint "department_parent_id_foreign";`);
    await this.execute(`alter table "department" drop column "parent_id", drop column "head_id";`);
  }

}
