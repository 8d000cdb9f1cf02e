import { Migration } from '@mikro-orm/migrations';

/**
 * Quarter reviews (docs/PRODUCT.md#quarter-review): one row per method and fiscal quarter, and the
 * audit log's line for reopening one.
 */
export class Migration20261128063440 extends Migration {

  override name = 'Migration20261128063440';

  override async up(): Promise<void> {
    await this.execute(`create table "quarter_review" ("id" serial primary key, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by_id" int null, "method_id" int not null, "year" int not null, "quarter" text not null, "result" text not null, "reflection" text not null, "goal" text null, "measure" text null, "progress" int not null, "status" text not null, "current_measure" text null, "reviewed_by_id" int null, "reviewed_at" timestamptz not null);`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_method_id_year_quarter_unique" unique ("method_id", "year", "quarter");`);
    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'quarter_review.reopened', 'sign_in.failure_burst'));`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_updated_by_id_foreign" foreign key ("updated_by_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete cascade;`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_quarter_check" check ("quarter" in ('q1', 'q2', 'q3', 'q4'));`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_result_check" check ("result" in ('met', 'partly_met', 'missed'));`);
    await this.execute(`alter table "quarter_review" add constraint "quarter_review_status_check" check ("status" in ('not_started', 'in_progress', 'completed', 'at_risk'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "quarter_review" cascade;`);

    await this.execute(`alter table "audit_entry" drop constraint "audit_entry_action_check";`);
    await this.execute(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('user.created', 'user.updated', 'user.password_reset', 'user.deactivated', 'user.reactivated', 'department.created', 'department.renamed', 'department.deleted', 'rhythm.changed', 'sign_in.failure_burst'));`);
  }

}
