import { Migration } from '@mikro-orm/migrations';

/**
 * Aligned V2MOMs (docs/PRODUCT.md#alignment): each V2MOM has a level, the department or team
 * whose it is (one a year), the V2MOM it is aligned to, and each method the method of that V2MOM
 * it supports. Existing V2MOMs become persons'.
 */
export class Migration20261204101000 extends Migration {

  override name = 'Migration20261204101000';

  override async up(): Promise<void> {
    await this.execute(`alter table "v2mom" add column "level" text check ("level" in ('company', 'department', 'team', 'person')) not null default 'person', add column "department_id" int null, add column "parent_id" int null;`);
    await this.execute(`alter table "v2mom" add constraint "v2mom_department_id_foreign" foreign key ("department_id") references "department" ("id") on delete set null;`);
    await this.execute(`alter table "v2mom" add constraint "v2mom_parent_id_foreign" foreign key ("parent_id") references "v2mom" ("id") on delete set null;`);
    await this.execute(`create index "v2mom_parent_id_index" on "v2mom" ("parent_id");`);
    await this.execute(`create unique index "v2mom_department_year_unique" on "v2mom" ("department_id", "year") where "department_id" is not null;`);
    await this.execute(`create unique index "v2mom_company_year_unique" on "v2mom" ("year") where "level" = 'company';`);
    await this.execute(`alter table "method" add column "supports_id" int null;`);
    await this.execute(`alter table "method" add constraint "method_supports_id_foreign" foreign key ("supports_id") references "method" ("id") on delete set null;`);
    await this.execute(`create index "method_supports_id_index" on "method" ("supports_id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "method_supports_id_index";`);
    await this.execute(`alter table "method" drop constraint "method_supports_id_foreign";`);
    await this.execute(`alter table "method" drop column "supports_id";`);
    await this.execute(`drop index "v2mom_company_year_unique";`);
    await this.execute(`drop index "v2mom_department_year_unique";`);
    await this.execute(`drop index "v2mom_parent_id_index";`);
    await this.execute(`alter table "v2mom" drop constraint "v2mom_parent_id_foreign";`);
    await this.execute(`alter table "v2mom" drop constraint "v2mom_department_id_foreign";`);
    await this.execute(`alter table "v2mom" drop column "level", drop column "department_id", drop column "parent_id";`);
  }

}
