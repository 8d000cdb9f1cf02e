import { Migration } from '@mikro-orm/migrations';

/**
 * Meeting-room links (docs/PRODUCT.md#meeting-room-links): each with the digest of its token, and
 * the audit log's actions for making, revoking and opening one, beside every earlier action.
 */
export class Migration20261128095906 extends Migration {

  override name = 'Migration20261128095906';

  override async up(): Promise<void> {
    await this.execute(`create table "room_link" ("id" serial primary key, "label" varchar(80) not null, "v2mom_id" int null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "created_by_id" int null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_used_at" timestamptz null);`);
    await this.execute(`create index "room_link_v2mom_id_index" on "room_link" ("v2mom_id");`);
    await this.execute(`alter table "room_link" add constraint "room_link_token_hash_unique" unique ("token_hash");`);
    await this.execute(`alter table "room_link" add constraint "room_link_v2mom_id_foreign" foreign key ("v2mom_id") references "v2mom" ("id") on delete cascade;`);
    await this.execute(`alter table "room_link" add constraint "room_link_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on delete set null;`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'room_link.created', 'room_link.revoked', 'room_link.used', 'sign_in.failure_burst'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "room_link" cascade;`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'quarter_review.reopened', 'sign_in.failure_burst'));`);
  }

}
