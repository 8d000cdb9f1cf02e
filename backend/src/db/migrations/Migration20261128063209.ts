import { Migration } from '@mikro-orm/migrations';

/**
 * The company's name and colours (docs/PRODUCT.md#company): its one row with the defaults, which
 * exported decks wear until a settings holder says otherwise.
 */
export class Migration20261128063209 extends Migration {

  override name = 'Migration20261128063209';

  override async up(): Promise<void> {
    await this.execute(`create table "company" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "name" varchar(80) not null, "primary_colour" varchar(7) not null, "accent_colour" varchar(7) not null);`);
    await this.execute(`alter table "company" add constraint "company_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    await this.execute(`insert into "company" ("id", "created_at", "updated_at", "name", "primary_colour", "accent_colour") values (1, now(), now(), 'Acme', '#1F4E79', '#F28C28');`);
    await this.execute(`select setval(pg_get_serial_sequence('company', 'id'), 1);`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'company.changed', 'sign_in.failure_burst'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "company" cascade;`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'sign_in.failure_burst'));`);
  }

}
