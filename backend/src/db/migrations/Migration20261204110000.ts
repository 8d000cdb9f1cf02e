import { Migration } from '@mikro-orm/migrations';

/**
 * Approval of person V2MOMs (docs/PRODUCT.md#approval): the V2MOMs already written are published,
 * so a person's V2MOM aligned to another starts approved and every other has no approval.
 */
export class Migration20261204110000 extends Migration {

  override name = 'Migration20261204110000';

  override async up(): Promise<void> {
    await this.execute(`alter table "v2mom" add column "approval" text check ("approval" in ('draft', 'submitted', 'approved', 'changes_requested')) null, add column "approval_submitted_at" timestamptz null, add column "approved_at" timestamptz null, add column "changed_since_approved" boolean not null default false, add column "approval_comment" text null;`);
    await this.execute(`update "v2mom" set "approval" = 'approved', "approved_at" = "updated_at" where "level" = 'person' and "parent_id" is not null;`);
    await this.execute(`create index "v2mom_awaiting_approval_index" on "v2mom" ("owner_id", "approval_submitted_at", "id") where "approval" = 'submitted';`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "v2mom_awaiting_approval_index";`);
    await this.execute(`alter table "v2mom" drop column "approval", drop column "approval_submitted_at", drop column "approved_at", drop column "changed_since_approved", drop column "approval_comment";`);
  }

}
