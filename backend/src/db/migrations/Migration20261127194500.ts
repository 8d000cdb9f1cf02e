import { Migration } from '@mikro-orm/migrations';

/** The method fields a check-in records, as the change log names them and as their columns are named. */
const CHECKED_IN = [
  { field: 'progress', column: 'progress', type: 'int' },
  { field: 'status', column: 'status', type: 'text' },
  { field: 'currentMeasure', column: 'current_measure', type: 'text' },
  { field: 'update', column: 'update', type: 'text' },
] as const;

/**
 * A logged write's value of one field after it: the old value of the next logged write that changed
 * the field, or the method's value now when no later write did (a JSON null stays a JSON null).
 */
const afterValue = ({ field, column }: (typeof CHECKED_IN)[number]) => `coalesce(
  (select later.fields->'${field}'->'old' from change_log later
    where later.entity = 'method' and later.operation = 'updated' and later.row_id = logged.row_id
      and later.version > logged.version and later.fields->'${field}' is not null
    order by later.version limit 1),
  to_jsonb(m."${column}"))`;

const asColumn = (json: string, type: 'int' | 'text') => (type === 'int' ? `round((${json} #>> '{}')::numeric)::int` : `(${json} #>> '{}')`);

/**
 * Check-ins (docs/PRODUCT.md#check-ins) replace the method's unbounded `updates` text. The history
 * there is, is carried over:
 * (a) every logged write of a method (the change log's last 30 days) that changed its progress,
 *     status, current measure or update text becomes a check-in by its actor at its time. The
 *     values after it are rebuilt walking back from the method's current row: a field's value
 *     after a write is the old value of the next logged write that changed it, or today's value
 *     when none did; its value before is the write's own old value where it changed the field,
 *     else the value after.
 * (b) each paragraph of `updates` (split on blank lines) whose text no dated check-in carries as
 *     its update becomes an undated check-in with only that text, no author; inserted oldest
 *     first, so that their ids keep the text's newest-first order.
 * The method's update author and time come from its last dated check-in that changed the update
 * text, when that text is still the method's; its count is its number of check-ins.
 */
export class Migration20261127194500 extends Migration {

  override name = 'Migration20261127194500';

  override async up(): Promise<void> {
    await this.execute(`create table "check_in" ("id" serial primary key, "method_id" int not null, "author_id" int null, "at" timestamptz null, "method_version" int null, "progress" int null, "status" text null, "current_measure" text null, "update" text null, "prev_progress" int null, "prev_status" text null, "prev_current_measure" text null, "prev_update" text null);`);
    await this.execute(`create index "check_in_method_id_at_id_index" on "check_in" ("method_id", "at" DESC nulls LAST, "id" DESC);`);
    await this.execute(`alter table "check_in" add constraint "check_in_method_id_foreign" foreign key ("method_id") references "method" ("id") on delete cascade;`);
    await this.execute(`alter table "check_in" add constraint "check_in_author_id_foreign" foreign key ("author_id") references "user" ("id") on delete set null;`);
    await this.execute(`alter table "check_in" add constraint "check_in_status_check" check ("status" in ('not_started', 'in_progress', 'completed', 'at_risk'));`);
    await this.execute(`alter table "check_in" add constraint "check_in_prev_status_check" check ("prev_status" in ('not_started', 'in_progress', 'completed', 'at_risk'));`);
    await this.execute(`alter table "method" add "update_author_id" int null, add "update_at" timestamptz null, add "update_count" int not null default 0;`);
    await this.execute(`alter table "method" add constraint "method_update_author_id_foreign" foreign key ("update_author_id") references "user" ("id") on delete set null;`);

    await this.execute(`
      insert into check_in (method_id, author_id, "at", method_version, ${CHECKED_IN.map(({ column }) => `"${column}"`).join(', ')}, ${CHECKED_IN.map(({ column }) => `"prev_${column}"`).join(', ')})
      select row_id, actor_id, changed_at, version,
        ${CHECKED_IN.map(({ field, type }) => asColumn(`after_${field}`, type)).join(', ')},
        ${CHECKED_IN.map(({ field, type }) => asColumn(`coalesce(fields->'${field}'->'old', after_${field})`, type)).join(', ')}
      from (
        select logged.*, ${CHECKED_IN.map((checked) => `${afterValue(checked)} as after_${checked.field}`).join(', ')}
        from change_log logged join method m on m.id = logged.row_id
        where logged.entity = 'method' and logged.operation = 'updated'
          and (${CHECKED_IN.map(({ field }) => `logged.fields->'${field}' is not null`).join(' or ')})
      ) rebuilt
      order by changed_at, id;`);

    await this.execute(`
      insert into check_in (method_id, "update")
      select method_id, text from (
        select m.id as method_id, btrim(part.text, E' \\t\\r\\n') as text, part.position
        from method m cross join lateral regexp_split_to_table(m.updates, E'\\n[ \\t\\r]*\\n') with ordinality as part(text, position)
        where m.updates is not null
      ) paragraph
      where text <> '' and not exists (
        select 1 from check_in dated where dated.method_id = paragraph.method_id and dated."at" is not null and dated."update" = paragraph.text)
      order by method_id, position desc;`);

    await this.execute(`update method m set update_count = counted.total from (select method_id, count(*) as total from check_in group by method_id) counted where counted.method_id = m.id;`);
    await this.execute(`
      update method m set update_author_id = written.author_id, update_at = written."at"
      from (
        select distinct on (method_id) method_id, author_id, "at", "update" from check_in
        where "at" is not null and "update" is distinct from prev_update
        order by method_id, "at" desc, id desc
      ) written
      where written.method_id = m.id and m."update" is not null and written."update" = m."update";`);

    await this.execute(`alter table "method" drop column "updates";`);
  }

  /** Back to one `updates` text: every check-in's update text but the current one, newest first. */
  override async down(): Promise<void> {
    await this.execute(`alter table "method" add "updates" text null;`);
    await this.execute(`
      update method m set updates = kept.text
      from (
        select c.method_id, string_agg(c."update", E'\\n\\n' order by c."at" desc nulls last, c.id desc) as text
        from check_in c join method owner on owner.id = c.method_id
        where c."update" is not null and c."update" is distinct from owner."update"
        group by c.method_id
      ) kept
      where kept.method_id = m.id;`);
    await this.execute(`alter table "method" drop constraint "method_update_author_id_foreign";`);
    await this.execute(`alter table "method" drop column "update_author_id", drop column "update_at", drop column "update_count";`);
    await this.execute(`drop table if exists "check_in" cascade;`);
  }

}
