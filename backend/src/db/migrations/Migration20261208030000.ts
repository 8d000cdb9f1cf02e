import { Migration } from '@mikro-orm/migrations';

/**
 * The obstacles the lists show counted, kept by the writes themselves
 * (modules/obstacles/obstacle-tally.entity.ts): statement triggers read what each statement
 * inserted, updated or deleted and add the difference to the writing connection's row, in the
 * statement's own transaction. The table starts from a count of the obstacles there are.
 */
export class Migration20261208030000 extends Migration {

  override name = 'Migration20261208030000';

  override async up(): Promise<void> {
    await this.execute(`create table "obstacle_tally" ("shard" smallint not null, "listed" int not null default 0, constraint "obstacle_tally_pkey" primary key ("shard"));`);
    await this.execute(`insert into "obstacle_tally" ("shard", "listed") select 0, count(*) from "obstacle" where "joined_to_id" is null;`);
    await this.execute(`create or replace function "obstacle_obstacle_tally_insert_fn"() returns trigger as $$ begin insert into "obstacle_tally" as "t" ("shard", "listed") select pg_backend_pid() % 256, sum("sign") from (select 1 as "sign" from "new_rows" where "joined_to_id" is null) as "change" having coalesce(sum("sign"), 0) <> 0 on conflict ("shard") do update set "listed" = "t"."listed" + excluded."listed"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "obstacle_tally_insert" after insert on "obstacle" referencing new table as "new_rows" for each statement execute function "obstacle_obstacle_tally_insert_fn"();`);
    await this.execute(`create or replace function "obstacle_obstacle_tally_update_fn"() returns trigger as $$ begin insert into "obstacle_tally" as "t" ("shard", "listed") select pg_backend_pid() % 256, sum("sign") from (select 1 as "sign" from "new_rows" where "joined_to_id" is null union all select -1 as "sign" from "old_rows" where "joined_to_id" is null) as "change" having coalesce(sum("sign"), 0) <> 0 on conflict ("shard") do update set "listed" = "t"."listed" + excluded."listed"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "obstacle_tally_update" after update on "obstacle" referencing old table as "old_rows" new table as "new_rows" for each statement execute function "obstacle_obstacle_tally_update_fn"();`);
    await this.execute(`create or replace function "obstacle_obstacle_tally_delete_fn"() returns trigger as $$ begin insert into "obstacle_tally" as "t" ("shard", "listed") select pg_backend_pid() % 256, sum("sign") from (select -1 as "sign" from "old_rows" where "joined_to_id" is null) as "change" having coalesce(sum("sign"), 0) <> 0 on conflict ("shard") do update set "listed" = "t"."listed" + excluded."listed"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "obstacle_tally_delete" after delete on "obstacle" referencing old table as "old_rows" for each statement execute function "obstacle_obstacle_tally_delete_fn"();`);
  }

  override async down(): Promise<void> {
    for (const event of ['delete', 'update', 'insert']) {
      await this.execute(`drop trigger "obstacle_tally_${event}" on "obstacle";`);
      await this.execute(`drop function "obstacle_obstacle_tally_${event}_fn"();`);
    }
    await this.execute(`drop table "obstacle_tally";`);
  }

}
