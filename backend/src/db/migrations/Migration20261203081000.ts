import { Migration } from '@mikro-orm/migrations';

/**
 * Numbers pushed in from other systems (docs/PRODUCT.md#numbers-pushed-in): an API token may be
 * limited to one method or one measure (and goes with it), and a check-in remembers the token it
 * came through, by id while the token lasts and by the name it had then.
 */
export class Migration20261203081000 extends Migration {

  override name = 'Migration20261203081000';

  override async up(): Promise<void> {
    await this.execute(`alter table "api_token" add column "item_method_id" int null, add column "item_measure_id" int null;`);
    await this.execute(`alter table "api_token" add constraint "api_token_item_method_id_foreign" foreign key ("item_method_id") references "method" ("id") on delete cascade;`);
    await this.execute(`alter table "api_token" add constraint "api_token_item_measure_id_foreign" foreign key ("item_measure_id") references "measure" ("id") on delete cascade;`);
    await this.execute(`create index "api_token_item_method_id_index" on "api_token" ("item_method_id");`);
    await this.execute(`create index "api_token_item_measure_id_index" on "api_token" ("item_measure_id");`);
    await this.execute(`alter table "check_in" add column "api_token_id" int null, add column "via_token" varchar(80) null;`);
    await this.execute(`alter table "check_in" add constraint "check_in_api_token_id_foreign" foreign key ("api_token_id") references "api_token" ("id") on delete set null;`);
    await this.execute(`create index "check_in_api_token_id_index" on "check_in" ("api_token_id");`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "check_in" drop column "api_token_id", drop column "via_token";`);
    await this.execute(`alter table "api_token" drop column "item_method_id", drop column "item_measure_id";`);
  }

}
