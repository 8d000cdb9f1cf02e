import { Migration } from '@mikro-orm/migrations';

/**
 * Next year's V2MOM started from this one (docs/PRODUCT.md#next-year): a V2MOM names the one it
 * was started from and a method the one it was carried from, each unique so a year is carried
 * once and a method copied once; the request's hash answers a retry; a method keeps how its year
 * ended.
 */
export class Migration20261128063406 extends Migration {

  override name = 'Migration20261128063406';

  override async up(): Promise<void> {
    await this.execute(`alter table "v2mom" add "started_from_id" int null, add "started_from_request" varchar(64) null;`);
    await this.execute(`alter table "v2mom" add constraint "v2mom_started_from_id_foreign" foreign key ("started_from_id") references "v2mom" ("id") on delete set null;`);
    await this.execute(`alter table "v2mom" add constraint "v2mom_started_from_id_unique" unique ("started_from_id");`);

    await this.execute(`alter table "method" add "carried_from_id" int null, add "year_end" text null;`);
    await this.execute(`alter table "method" add constraint "method_carried_from_id_foreign" foreign key ("carried_from_id") references "method" ("id") on delete set null;`);
    await this.execute(`alter table "method" add constraint "method_carried_from_id_unique" unique ("carried_from_id");`);
    await this.execute(`alter table "method" add constraint "method_year_end_check" check ("year_end" in ('carried', 'missed', 'dropped'));`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "method" drop constraint "method_carried_from_id_foreign";`);

    await this.execute(`alter table "v2mom" drop constraint "v2mom_started_from_id_foreign";`);

    await this.execute(`alter table "method" drop constraint "method_carried_from_id_unique";`);
    await this.execute(`alter table "method" drop constraint "method_year_end_check";`);
    await this.execute(`alter table "method" drop column "carried_from_id", drop column "year_end";`);

    await this.execute(`alter table "v2mom" drop constraint "v2mom_started_from_id_unique";`);
    await this.execute(`alter table "v2mom" drop column "started_from_id", drop column "started_from_request";`);
  }

}
