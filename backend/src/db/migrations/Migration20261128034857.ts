import { Migration } from '@mikro-orm/migrations';

/**
 * The company's rhythm (docs/PRODUCT.md#rhythm): its one row with the defaults, and each method's
 * last check-in time, which its reminders and stale marks count from, carried over from the
 * check-ins kept so far.
 */
export class Migration20261128034857 extends Migration {

  override name = 'Migration20261128034857';

  override async up(): Promise<void> {
    await this.execute(`create table "rhythm" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "time_zone" varchar(64) not null, "check_in_day" smallint not null, "check_in_time" varchar(5) not null, "meeting_day" smallint not null, "meeting_time" varchar(5) not null);`);
    await this.execute(`alter table "rhythm" add constraint "rhythm_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    // Fridays at 15:00 UTC for check-ins, the COO meeting on Mondays at 10:00 UTC, until a settings holder says otherwise.
    await this.execute(`insert into "rhythm" ("id", "created_at", "updated_at", "time_zone", "check_in_day", "check_in_time", "meeting_day", "meeting_time") values (1, now(), now(), 'UTC', 5, '15:00', 1, '10:00');`);
    await this.execute(`select setval(pg_get_serial_sequence('rhythm', 'id'), 1);`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'sign_in.failure_burst'));`);

    await this.execute(`alter table "method" add "last_check_in_at" timestamptz null;`);
    await this.execute(`update "method" m set "last_check_in_at" = latest.at from (select "method_id", max("at") as at from "check_in" group by "method_id") latest where latest."method_id" = m."id";`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "rhythm" cascade;`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'sign_in.failure_burst'));`);
    await this.execute(`alter table "method" drop column "last_check_in_at";`);
  }

}
