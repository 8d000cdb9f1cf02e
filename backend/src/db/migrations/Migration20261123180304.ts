import { Migration } from '@mikro-orm/migrations';

/** Organisation administration: active accounts, temporary passwords, session devices, the audit log. */
export class Migration20261123180304 extends Migration {

  override name = 'Migration20261123180304';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_entry" ("id" serial primary key, "at" timestamptz not null, "action" text not null, "actor_id" int null, "subject_user_id" int null, "subject" varchar(500) not null, "before" jsonb null, "after" jsonb null);`);
    this.addSql(`create index "audit_entry_at_index" on "audit_entry" ("at");`);
    this.addSql(`create index "audit_entry_actor_id_index" on "audit_entry" ("actor_id");`);
    this.addSql(`create index "audit_entry_subject_user_id_index" on "audit_entry" ("subject_user_id");`);

    this.addSql(`alter table "user" add "active" boolean not null default true, add "password_change_required" boolean not null default false, add "last_sign_in_at" timestamptz null;`);

    this.addSql(`alter table "user_session" add "user_agent" varchar(500) null;`);

    this.addSql(`alter table "audit_entry" add constraint "audit_entry_actor_id_foreign" foreign key ("actor_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "audit_entry" add constraint "audit_entry_subject_user_id_foreign" foreign key ("subject_user_id") references "user" ("id") on delete set null;`);
    this.addSql(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'sign_in.failure_burst'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_entry" cascade;`);

    this.addSql(`alter table "user" drop column "active", drop column "password_change_required", drop column "last_sign_in_at";`);

    this.addSql(`alter table "user_session" drop column "user_agent";`);
  }

}
