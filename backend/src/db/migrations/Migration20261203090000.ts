import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked', 'webhook.created', 'webhook.secret_shown', 'webhook.deleted', 'webhook.disabled', 'sign_in.failure_burst', 'v2mom.imported'`;

/**
 * A person's manager (docs/PRODUCT.md#people-api), indexed for whom a manager has, and the audit
 * log's line for people imported from a spreadsheet (docs/PRODUCT.md#spreadsheets).
 */
export class Migration20261203090000 extends Migration {

  override name = 'Migration20261203090000';

  override async up(): Promise<void> {
    await this.execute(`alter table "user" add column "manager_id" int null;`);
    await this.execute(`alter table "user" add constraint "user_manager_id_foreign" foreign key ("manager_id") references "user" ("id") on delete set null;`);
    await this.execute(`create index "user_manager_id_index" on "user" ("manager_id");`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}, 'user.imported'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "audit_entry" where "action" = 'user.imported';`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
    await this.execute(`alter table "user" drop constraint "user_manager_id_foreign";`);
    await this.execute(`alter table "user" drop column "manager_id";`);
  }

}
