import { Migration } from '@mikro-orm/migrations';

/**
 * The open methods of each year by the day of their last check-in, kept by the writes themselves
 * (modules/methods/method-day-tally.entity.ts): the Items List's count of stale methods sums the
 * days before the stale rule's instead of joining every open method of the year to its V2MOM. The
 * method table's statement triggers add what each statement changed to the writing connection's
 * rows; the V2MOM table's row triggers move its methods with its year and count them off before it
 * is deleted. The table starts from a count of the methods there are.
 */
export class Migration20261208010000 extends Migration {

  override name = 'Migration20261208010000';

  override async up(): Promise<void> {
    await this.execute(`create table "method_day_tally" ("year" int not null, "day" date not null, "shard" smallint not null, "open" int not null default 0, constraint "method_day_tally_pkey" primary key ("year", "day", "shard"));`);
    await this.execute(`insert into "method_day_tally" ("year", "day", "shard", "open") select "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date, 0, count(*) from "method" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed' group by 1, 2;`);
    await this.execute(`create or replace function "method_method_day_tally_insert_fn"() returns trigger as $$ begin insert into "method_day_tally" as "t" ("year", "day", "shard", "open") select "c"."year", "c"."day", pg_backend_pid() % 16, sum("c"."sign") from (select 1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from "new_rows" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed') as "c" group by "c"."year", "c"."day" having sum("c"."sign") <> 0 order by "c"."year", "c"."day" on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "method_day_tally_insert" after insert on "method" referencing new table as "new_rows" for each statement execute function "method_method_day_tally_insert_fn"();`);
    await this.execute(`create or replace function "method_method_day_tally_update_fn"() returns trigger as $$ begin insert into "method_day_tally" as "t" ("year", "day", "shard", "open") select "c"."year", "c"."day", pg_backend_pid() % 16, sum("c"."sign") from (select 1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from "new_rows" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed' union all select -1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from "old_rows" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed') as "c" group by "c"."year", "c"."day" having sum("c"."sign") <> 0 order by "c"."year", "c"."day" on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "method_day_tally_update" after update on "method" referencing old table as "old_rows" new table as "new_rows" for each statement execute function "method_method_day_tally_update_fn"();`);
    await this.execute(`create or replace function "method_method_day_tally_delete_fn"() returns trigger as $$ begin insert into "method_day_tally" as "t" ("year", "day", "shard", "open") select "c"."year", "c"."day", pg_backend_pid() % 16, sum("c"."sign") from (select -1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from "old_rows" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed') as "c" group by "c"."year", "c"."day" having sum("c"."sign") <> 0 order by "c"."year", "c"."day" on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "method_day_tally_delete" after delete on "method" referencing old table as "old_rows" for each statement execute function "method_method_day_tally_delete_fn"();`);
    await this.execute(`create or replace function "v2mom_method_day_tally_year_fn"() returns trigger as $$ begin insert into "method_day_tally" as "t" ("year", "day", "shard", "open") select "c"."year", "c"."day", pg_backend_pid() % 16, sum("c"."sign") from (select -1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from (select * from "method" where "v2mom_id" = new."id") as "m" join (select old."id" as "id", old."year" as "year") as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed' union all select 1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from (select * from "method" where "v2mom_id" = new."id") as "m" join (select new."id" as "id", new."year" as "year") as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed') as "c" group by "c"."year", "c"."day" having sum("c"."sign") <> 0 order by "c"."year", "c"."day" on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open"; return null; end; $$ language plpgsql;`);
    await this.execute(`create trigger "method_day_tally_year" after update of "year" on "v2mom" for each row when (old."year" is distinct from new."year") execute function "v2mom_method_day_tally_year_fn"();`);
    await this.execute(`create or replace function "v2mom_method_day_tally_remove_fn"() returns trigger as $$ begin insert into "method_day_tally" as "t" ("year", "day", "shard", "open") select "c"."year", "c"."day", pg_backend_pid() % 16, sum("c"."sign") from (select -1 as "sign", "v"."year", (coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date as "day" from (select * from "method" where "v2mom_id" = old."id") as "m" join (select old."id" as "id", old."year" as "year") as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed') as "c" group by "c"."year", "c"."day" having sum("c"."sign") <> 0 order by "c"."year", "c"."day" on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open"; return old; end; $$ language plpgsql;`);
    await this.execute(`create trigger "method_day_tally_remove" before delete on "v2mom" for each row execute function "v2mom_method_day_tally_remove_fn"();`);
  }

  override async down(): Promise<void> {
    for (const name of ['method_day_tally_year', 'method_day_tally_remove']) {
      await this.execute(`drop trigger "${name}" on "v2mom";`);
      await this.execute(`drop function "v2mom_${name}_fn"();`);
    }
    for (const event of ['delete', 'update', 'insert']) {
      await this.execute(`drop trigger "method_day_tally_${event}" on "method";`);
      await this.execute(`drop function "method_method_day_tally_${event}_fn"();`);
    }
    await this.execute(`drop table "method_day_tally";`);
  }

}
