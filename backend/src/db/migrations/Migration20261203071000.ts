import { Migration } from '@mikro-orm/migrations';

/**
 * Personal access tokens (docs/PRODUCT.md#api-tokens): each with its owner, scope and the digest of
 * its secret, and the audit log's actions for making and revoking one, beside every earlier action.
 */
export class Migration20261203071000 extends Migration {

  override name = 'Migration20261203071000';

  override async up(): Promise<void> {
    await this.execute(`create table "api_token" ("id" serial primary key, "user_id" int not null, "name" varchar(80) not null, "scope" text not null, "secret_hash" varchar(64) not null, "hint" varchar(16) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_used_at" timestamptz null);`);
    await this.execute(`create index "api_token_user_id_index" on "api_token" ("user_id");`);
    await this.execute(`alter table "api_token" add constraint "api_token_secret_hash_unique" unique ("secret_hash");`);
    await this.execute(`alter table "api_token" add constraint "api_token_scope_check" check ("scope" in ('read', 'read_write'));`);
    await this.execute(`alter table "api_token" add constraint "api_token_user_id_foreign" foreign key ("user_id") references "user" ("id") on delete cascade;`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'api_token.created', 'api_token.revoked', 'sign_in.failure_burst'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "audit_entry" where "action" in ('api_token.created', 'api_token.revoked');`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'sign_in.failure_burst'));`);
    await this.execute(`drop table if exists "api_token" cascade;`);
  }

}
