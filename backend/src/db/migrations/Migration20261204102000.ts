import { Migration } from '@mikro-orm/migrations';

/**
 * An obstacle joined to another department's obstacle as the same one (docs/PRODUCT.md#shared-obstacles),
 * indexed for the obstacles joined to a shared one, the few there are.
 */
export class Migration20261204102000 extends Migration {

  override name = 'Migration20261204102000';

  override async up(): Promise<void> {
    await this.execute(`alter table "obstacle" add column "joined_to_id" int null;`);
    await this.execute(`alter table "obstacle" add constraint "obstacle_joined_to_id_foreign" foreign key ("joined_to_id") references "obstacle" ("id") on delete set null;`);
    await this.execute(`create index "obstacle_joined_to_id_index" on "obstacle" ("joined_to_id") where "joined_to_id" is not null;`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "obstacle" drop constraint "obstacle_joined_to_id_foreign";`);
    await this.execute(`alter table "obstacle" drop column "joined_to_id";`);
  }

}
